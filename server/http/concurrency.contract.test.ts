import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

// A second server process on the same SQLite file: two writers really race for the slug.
let service: TestService;
let second: ChildProcess;
let secondUrl: string;

beforeAll(async () => {
  service = await startTestService();
  second = spawn(
    'node_modules/.bin/tsx',
    ['server/cli.ts', 'start', '--port', '0', '--data', service.dataFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  second.stdout?.setEncoding('utf8');
  secondUrl = await new Promise<string>((resolve, reject) => {
    second.once('exit', (code) => reject(new Error(`second server exited with ${code}`)));
    second.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
  });
});

afterAll(async () => {
  second.kill('SIGTERM');
  if (second.exitCode === null) await once(second, 'exit');
  await service.close();
});

describe('concurrent creates from two server processes on one database', () => {
  it('gives every record its own slug', async () => {
    const create = (base: string) =>
      fetch(`${base}/app/${service.subdomain}/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Race Condition' }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as any,
      }));
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => create(i % 2 ? secondUrl : service.server.url)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(40).fill(201));
    const slugs = new Set(replies.map((r) => r.body.post.slug));
    expect(slugs.size).toBe(40);
    expect(slugs).toContain('race-condition');
    expect(slugs).toContain('race-condition-40');
  });

  it('shows writes of the other process at once, cache or not', async () => {
    const list = (base: string, limit = 1) =>
      fetch(`${base}/app/${service.subdomain}/posts?limit=${limit}`, {
        headers: { authorization: `Bearer ${service.token}` },
      }).then((r) => r.json() as Promise<any>);
    const before = await list(service.server.url);
    await fetch(`${secondUrl}/app/${service.subdomain}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Written elsewhere' }),
    });
    const after = await list(service.server.url);
    expect(after.posts.meta.total).toBe(before.posts.meta.total + 1);
    // A page not asked for before takes its total from the kept count: that must be fresh too.
    expect((await list(service.server.url, 2)).posts.meta.total).toBe(before.posts.meta.total + 1);
    expect(after.posts.data[0].title).toBe('Written elsewhere');
  });
});
