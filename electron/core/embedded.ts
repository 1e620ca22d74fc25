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

/**
 * The reference server, run in-process on a loopback port with its data under the app's data
 * folder, holding a seeded "Local sample" publication, so the app works on first launch.
 */
export async function startEmbeddedService(
  dataDir: string,
  seed = { posts: 120, pages: 8 },
): Promise<EmbeddedService> {
  const server: RunningServer = await startServer({
    dataFile: join(dataDir, 'embedded', 'publishing.db'),
    port: 0,
    host: '127.0.0.1',
  });
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
