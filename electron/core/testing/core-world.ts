import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { KeytarCredentialStore } from '../credentials';
import { createCore, type Core } from '../service';

/** A core on a store of its own, its keychain entries apart, and a reference server beside it. */
export interface CoreWorld {
  service: TestService;
  core: Core;
  /** The core's data folder (its store is `quire.db` in it). */
  dir: string;
  credentials: KeytarCredentialStore;
  /** The server's publication, added to the core; undefined when it was not asked for. */
  publicationId: string | undefined;
  close(): Promise<void>;
}

export async function startCoreWorld(
  name: string,
  { addPublication = true }: { addPublication?: boolean } = {},
): Promise<CoreWorld> {
  const service = await startTestService(name);
  const dir = mkdtempSync(join(tmpdir(), `quire-${name}-`));
  const credentials = new KeytarCredentialStore(`Quire ${name} ${randomUUID()}`);
  const core = await createCore({
    dataDir: dir,
    credentials,
    version: '0.0.0-test',
    embedded: false,
    syncIntervalMs: 60_000,
  });
  let publicationId: string | undefined;
  if (addPublication) {
    const added = await core.dispatch('publications.add', {
      baseUrl: service.server.url,
      subdomain: service.subdomain,
      token: service.token,
    });
    if (!added.ok) throw new Error(added.error.message);
    publicationId = (added.value as { id: string }).id;
  }
  return {
    service,
    core,
    dir,
    credentials,
    publicationId,
    async close() {
      await core.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
