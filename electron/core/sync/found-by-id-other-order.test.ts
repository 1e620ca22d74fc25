import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStore } from '../store/local-store';
import { PublishingApiClient } from '../api/client';
import { SyncEngine } from './engine';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// Another service (the spec does not say how lists are ordered) that lists newest id first: posts
// imported from an old blog have newer ids but old creation times, so each page on its own looks
// newest first. The halving checks the pages against each other, and the first against the last,
// and reads page by page when they disagree. Found by a review, where the record was taken for
// gone. The service here is the reference server behind a `fetch` that reorders its lists: a
// test double for a service we do not have.

let world: SyncWorld;
const dir = mkdtempSync(join(tmpdir(), 'quire-other-order-'));
beforeAll(async () => {
  world = await startSyncWorld('found-other-order');
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The reference server's records, listed as a service ordering by id (newest id first) would. */
function byIdFirst(realFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    if ((init?.method ?? 'GET') !== 'GET' || !/\/posts$/.test(url.pathname))
      return realFetch(input, init);
    const headers = init?.headers;
    const all: { id: number }[] = [];
    for (let page = 1; ; page++) {
      const reply = await realFetch(`${url.origin}${url.pathname}?limit=100&page=${page}`, {
        headers,
      });
      const body = (await reply.json()) as {
        posts: { data: { id: number }[]; meta: { last_page: number } };
      };
      all.push(...body.posts.data);
      if (page >= body.posts.meta.last_page) break;
    }
    all.sort((a, b) => b.id - a.id);
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 20));
    const page = Number(url.searchParams.get('page') ?? 1);
    const last = Math.max(1, Math.ceil(all.length / limit));
    const meta = {
      total: all.length,
      per_page: limit,
      current_page: page,
      last_page: last,
      first_page: 1,
      first_page_url: '/?page=1',
      last_page_url: `/?page=${last}`,
      next_page_url: page < last ? `/?page=${page + 1}` : null,
      previous_page_url: page > 1 ? `/?page=${page - 1}` : null,
    };
    return new Response(
      JSON.stringify({ posts: { meta, data: all.slice((page - 1) * limit, page * limit) } }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
}

describe('a record looked for by its id on a service listing newest id first', () => {
  it('is found, not reported gone', async () => {
    const store = LocalStore.open(join(dir, 'd.db'));
    const publicationId = store.addPublication({
      name: 'Other',
      baseUrl: world.proxy.url,
      subdomain: world.service.subdomain,
    });
    const api = new PublishingApiClient({
      baseUrl: world.proxy.url,
      subdomain: world.service.subdomain,
      token: () => world.service.token,
      fetch: byIdFirst(globalThis.fetch.bind(globalThis)),
    });
    const engine = new SyncEngine({ store, clientFor: () => api });
    const draft = store.createDraft(publicationId, 'post', fields('Native post', '<p>v1</p>'));
    await engine.flush();
    const remoteId = store.getDraft(draft.id)!.remoteId!;
    // 100 posts imported since from an old blog: newer ids, their original (older) dates.
    const db = world.service.server.db;
    for (let i = 0; i < 100; i++) {
      const id = (
        await world.service.request('POST', '/posts', { body: { title: `Imported ${i}` } })
      ).json.post.id as number;
      db.prepare('UPDATE records SET created_at = ? WHERE id = ?').run(
        Date.parse('2015-01-01T00:00:00Z') + i * 86_400_000,
        id,
      );
    }
    const firstPage = await api.list('post', { page: 1, limit: 100 });
    expect(firstPage.records.every((r) => r.title.startsWith('Imported'))).toBe(true);
    // Renamed on another device: found by id only.
    await world.service.request('PUT', `/posts/${remoteId}`, { body: { slug: 'native-renamed' } });
    const base = store.getDraft(draft.id)!.base!;
    // Read page by page (a base from before creation times were kept), it is found:
    expect((await api.findById('post', remoteId))?.id).toBe(remoteId);
    // Halved by its creation time, it is not:
    expect((await api.findById('post', remoteId, base.createdAt))?.id).toBe(remoteId);
    store.close();
  });
});
