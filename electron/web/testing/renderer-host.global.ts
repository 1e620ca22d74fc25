import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedPublication } from '../../../server';
import { startTestService } from '../../../server/testing/harness';
import { KeytarCredentialStore } from '../../core/credentials';
import { createCore } from '../../core/service';
import { startFaultProxy } from '../../core/testing/fault-proxy';
import { startBrowserHost } from '../host';
import { OWN_CORES, type ProvidedHost } from '../../../shared/testing/provided-host';

/**
 * Vitest global setup: one real core (SQLite store, embedded reference service, the keychain of
 * scripts/with-keyring.sh) behind the browser host, for renderer tests to call over HTTP exactly
 * as the browser-hosted app does. Renderer code cannot import the core: it has no Node.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-renderer-host-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Quire</title>');
  const startCore = async (name: string) => {
    const core = await createCore({
      dataDir: join(dir, name),
      credentials: new KeytarCredentialStore(`Quire renderer tests ${randomUUID()}`),
      version: '0.0.0-test',
      embedded: { posts: 6, pages: 3 },
      syncIntervalMs: 60_000,
    });
    const secret = randomUUID();
    const host = await startBrowserHost({ core, rendererDir, secret });
    return { core, host, secret };
  };
  const { core, host, secret } = await startCore('data');
  // Test files that turn the app to another publication have a core each: the active publication
  // is the core's, and turned under the files beside them (run at the same time), it changed what
  // their App showed and which publication they took for the sample.
  const own = await Promise.all(OWN_CORES.map(startCore));
  const elsewhere = await startTestService('elsewhere');
  seedPublication(elsewhere.server.db, { subdomain: elsewhere.subdomain, posts: 3, pages: 0 });
  const archive = await startTestService('failing-archive');
  seedPublication(archive.server.db, { subdomain: archive.subdomain, posts: 231, pages: 0 });
  const proxy = await startFaultProxy(archive.server.url);
  const asks = (url: string, page: number, limit: number) =>
    new RegExp(`[?&]page=${page}(&|$)`).test(url) &&
    new RegExp(`[?&]limit=${limit}(&|$)`).test(url);
  proxy.setPolicy(({ url }) =>
    asks(url, 3, 100)
      ? { type: 'reset' }
      : asks(url, 2, 10)
        ? { type: 'delay', ms: 2_500 }
        : { type: 'pass' },
  );
  project.provide('quireHost', {
    origin: host.origin,
    session: secret,
    failingThirdPage: { baseUrl: proxy.url, subdomain: archive.subdomain, token: archive.token },
    own: Object.fromEntries(
      OWN_CORES.map((name, i) => [name, { origin: own[i]!.host.origin, session: own[i]!.secret }]),
    ) as ProvidedHost['own'],
    elsewhere: {
      baseUrl: elsewhere.server.url,
      subdomain: elsewhere.subdomain,
      token: elsewhere.token,
    },
  });
  return async () => {
    for (const one of own) {
      await one.host.close();
      await one.core.close();
    }
    await elsewhere.close();
    await host.close();
    await core.close();
    await proxy.close();
    await archive.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
