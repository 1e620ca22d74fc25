import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import {
  addPublication,
  findPublication,
  issueToken,
  seedPublication,
  startServer,
  type RunningServer,
} from '../../server';

export const SAMPLE_SUBDOMAIN = 'sample';

export interface EmbeddedService {
  url: string;
  subdomain: string;
  /** Minted at each launch and kept in memory only: the sample never needs the keychain. */
  token: string;
  close(): Promise<void>;
}

/** SQLite's word for a file that is not a database, or one whose pages are damaged. */
export const isDamagedDatabase = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
};

/**
 * Moves a damaged sample file (and its -wal/-shm, which belong to it) to
 * `publishing.db.corrupt-<time>` beside it: kept, never deleted, out of the new sample's way.
 */
function setAsideDamaged(dataFile: string, at: number): string {
  const aside = `${dataFile}.corrupt-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['-wal', '-shm'])
    if (existsSync(dataFile + suffix)) renameSync(dataFile + suffix, aside + suffix);
  renameSync(dataFile, aside);
  return aside;
}

/**
 * The reference server, run in-process on a loopback port with its data under the app's data
 * folder, holding a seeded "Local sample" publication, so the app works on first launch.
 */
export async function startEmbeddedService(
  dataDir: string,
  seed = { posts: 120, pages: 8 },
): Promise<EmbeddedService> {
  const dataFile = join(dataDir, 'embedded', 'publishing.db');
  const start = () => startServer({ dataFile, port: 0, host: '127.0.0.1' });
  let server: RunningServer;
  try {
    server = await start();
  } catch (error) {
    if (!isDamagedDatabase(error)) throw error;
    // The file holds the sample only, none of the writer's words (their drafts are in the local
    // store): it is moved aside, kept, and a fresh sample made, rather than Quire not starting.
    const setAside = setAsideDamaged(dataFile, Date.now());
    console.warn(
      `quire: the local sample's file was damaged; kept as ${setAside}, a fresh one made`,
    );
    server = await start();
  }
  try {
    if (!findPublication(server.db, SAMPLE_SUBDOMAIN)) {
      addPublication(server.db, {
        subdomain: SAMPLE_SUBDOMAIN,
        name: 'Local sample',
        authorName: 'You',
      });
      seedPublication(server.db, { subdomain: SAMPLE_SUBDOMAIN, ...seed });
    }
    const token = issueToken(server.db, SAMPLE_SUBDOMAIN, true);
    return { url: server.url, subdomain: SAMPLE_SUBDOMAIN, token, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
