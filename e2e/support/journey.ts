import { test } from '@playwright/test';
import {
  addServerPublication,
  serverCli,
  startHost,
  startReferenceServer,
  type Host,
  type ReferenceServer,
} from './processes';

export interface Journey {
  server: ReferenceServer;
  host: Host;
  subdomain: string;
  name: string;
  token: string;
}

/**
 * A fresh world for one journey: the reference server with one publication (optionally seeded),
 * and a browser host over an empty data folder. Torn down after the journey.
 */
export function journey(options: {
  subdomain: string;
  name: string;
  seed?: { posts: number; pages: number };
  setup?: (world: Journey) => Promise<void>;
}): Journey {
  const world = { subdomain: options.subdomain, name: options.name } as Journey;
  test.beforeAll(async () => {
    world.server = await startReferenceServer();
    world.token = addServerPublication(
      world.server.dataFile,
      options.subdomain,
      options.name,
    ).token;
    if (options.seed)
      serverCli(world.server.dataFile, [
        'seed',
        '--subdomain',
        options.subdomain,
        '--posts',
        String(options.seed.posts),
        '--pages',
        String(options.seed.pages),
      ]);
    await options.setup?.(world);
    world.host = await startHost({ sample: false });
  });
  test.afterAll(async () => {
    await world.host?.stop();
    await world.server?.dispose();
  });
  return world;
}

/** Creates a post through the service's API, as another client would. */
export async function createPost(world: Journey, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${world.server.url}/app/${world.subdomain}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { post: { id: number } }).post.id;
}
