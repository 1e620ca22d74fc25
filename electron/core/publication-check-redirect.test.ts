import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { QuireError } from '../../shared/errors';
import { checkPublication } from './publications';

// A redirect is never followed (the token must not go to another address), and it is said as a
// redirect: a security review (2026-11-22) found it reported as "Cannot reach … Nothing answered
// at this address" (offline), sending the writer to check their connection, and in sync keeping
// the publication's changes waiting as if offline.
it('a service that answers with a redirect is said to redirect, not to be unreachable', async () => {
  const asked: string[] = [];
  const moved = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(301, { location: 'https://www.example.com/app/blog/posts' });
    res.end();
  });
  await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
  try {
    const error = await checkPublication({
      baseUrl: `http://127.0.0.1:${(moved.address() as AddressInfo).port}`,
      subdomain: 'blog',
      token: 'qs_token_1234',
    }).catch((caught: unknown) => caught as QuireError);
    expect(error).toBeInstanceOf(QuireError);
    expect((error as QuireError).kind).not.toBe('offline');
    expect((error as QuireError).message).toContain('redirects to https://www.example.com');
    expect((error as QuireError).fields?.baseUrl?.join(' ')).toMatch(/redirects elsewhere/);
    // Asked once, not again at the address it names, nor tried again as if unreachable.
    expect(asked).toHaveLength(1);
  } finally {
    moved.close();
  }
});
