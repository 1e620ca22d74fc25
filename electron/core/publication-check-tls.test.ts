import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QuireError } from '../../shared/errors';
import { checkPublication } from './publications';
import { startCoreWorld, type CoreWorld } from './testing/core-world';

// A review (publications): an https:// address whose secure connection fails was said as
// "Nothing answered at this address", sending the writer to their cable. Real parts: the
// reference server, the keychain, a SQLite store.

let world: CoreWorld;
beforeAll(async () => {
  world = await startCoreWorld('add-tls', { addPublication: false });
});
afterAll(() => world.close());

it('an https:// address given for a service on this computer that speaks http:// says so', async () => {
  const { service, core } = world;
  const added = await core.dispatch('publications.add', {
    baseUrl: service.server.url.replace('http://', 'https://'),
    subdomain: service.subdomain,
    token: service.token,
  });
  expect(added.ok ? 'added' : added.error.fields?.baseUrl).toEqual([
    `This service speaks http://, not https://: give ${service.server.url}.`,
  ]);
});

it('a secure connection that fails is said so, not as nothing answering', async () => {
  // Answers, but neither TLS nor HTTP: the TLS handshake fails, and no http:// is offered.
  const garbled = createServer((socket) => socket.end('hello\n'));
  await new Promise<void>((resolve) => garbled.listen(0, '127.0.0.1', resolve));
  try {
    const error = await checkPublication({
      baseUrl: `https://127.0.0.1:${(garbled.address() as AddressInfo).port}`,
      subdomain: 'blog',
      token: 'qs_token_1234',
    }).catch((caught: unknown) => caught as QuireError);
    expect(error).toBeInstanceOf(QuireError);
    expect({
      message: (error as QuireError).message,
      field: (error as QuireError).fields?.baseUrl,
    }).toEqual({
      message: expect.stringMatching(
        /^The secure connection to https:\/\/127\.0\.0\.1:\d+ failed \(\w+\)\.$/,
      ),
      field: ['Something answers here, but its secure connection (TLS) failed.'],
    });
  } finally {
    garbled.close();
  }
});
