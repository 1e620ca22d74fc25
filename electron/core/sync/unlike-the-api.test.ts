import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore } from '../store/local-store';
import { SyncEngine } from './engine';

// Answers unlike the reference server's, each found by a review. The reference server never
// answers so; a fetch in front of it stands in for the proxy or the other service that does (the
// only test double here).

let service: TestService;
let dir: string;
let devices = 0;
beforeAll(async () => {
  service = await startTestService('unlike-the-api');
  dir = mkdtempSync(join(tmpdir(), 'quire-unlike-'));
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A device of its own whose every request goes through `through` to the reference server. */
function deviceThrough(through: typeof fetch, attempts?: number) {
  const clock = { now: Date.now() };
  const store = LocalStore.open(join(dir, `device-${++devices}.db`), () => clock.now);
  const publicationId = store.addPublication({
    name: 'P',
    baseUrl: service.server.url,
    subdomain: service.subdomain,
  });
  const api = new PublishingApiClient({
    baseUrl: service.server.url,
    subdomain: service.subdomain,
    token: () => service.token,
    fetch: through,
    attempts,
    backoff: { baseMs: 1, maxMs: 5 },
  });
  const engine = new SyncEngine({ store, clientFor: () => api, now: () => clock.now });
  return { clock, store, publicationId, engine };
}

// A reverse proxy with no backend mid-deploy (Traefik, Go's http.NotFound, many API gateways)
// answers every path "404 page not found" as text/plain: read as "no such record", a Delete
// counted as done while the post stayed live. So did a 200 whose body says the delete failed.

it.each([
  [
    'a proxy’s plain-text 404 (no backend mid-deploy)',
    () =>
      new Response('404 page not found\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
    'tried again soon',
  ],
  [
    'a 429 (too many requests): the service is there, and takes it later',
    () => Response.json({ message: 'Slow down' }, { status: 429 }),
    'tried again soon',
  ],
  [
    'a 408 (request timeout): the service is there, and takes it later',
    () => Response.json({ message: 'The request took too long' }, { status: 408 }),
    'tried again soon',
  ],
  [
    'a 200 whose JSON says the delete failed (the spec: success is {"status":"success"})',
    () =>
      Response.json({ status: 'error', message: 'Published posts cannot be deleted right now' }),
    'refused',
  ],
])('a Delete answered by %s is not taken as done', async (_label, answer, then) => {
  let deploying = false;
  const fetchThroughProxy: typeof fetch = async (input, init) => {
    if (deploying && init?.method === 'DELETE') return answer();
    if (deploying && answer().status === 404) return answer();
    return fetch(input, init);
  };
  const { clock, store, publicationId, engine } = deviceThrough(fetchThroughProxy);
  const draft = store.createDraft(publicationId, 'post', {
    title: 'Posted by mistake',
    content: '<p>my landlord’s phone number</p>',
    status: 'publish',
  });
  await engine.flush();
  const slug = store.getDraft(draft.id)!.base!.slug;
  expect((await service.request('GET', `/posts/${slug}`)).json.post.status).toBe('publish');

  store.requestDelete(draft.id, 0);
  deploying = true;
  const result = await engine.flush();

  // Still live for readers...
  expect((await service.request('GET', `/posts/${slug}`)).status).toBe(200);
  // ...so the Delete must not be reported done and forgotten: it has to wait and go again.
  expect(result).toEqual({ done: 0, failed: 1, conflicts: 0 });
  expect(store.getDraft(draft.id)).toBeDefined();
  // A refusal is shown and waits; a service that is only busy or hidden is asked again soon.
  const [op] = store.allOps();
  expect({
    shown: store.getDraft(draft.id)!.lastError !== null,
    soon: op!.notBefore < clock.now + 60_000,
  }).toEqual(then === 'refused' ? { shown: true, soon: false } : { shown: false, soon: true });
  store.close();
});

it('an Update answered 200 {"status":"error"} says the service’s refusal, not a conflict', async () => {
  let refusing = false;
  const refusal = 'The title may be at most 70 characters';
  const fetchRefusing: typeof fetch = async (input, init) =>
    refusing && init?.method === 'PUT'
      ? Response.json({ status: 'error', message: refusal })
      : fetch(input, init);
  const { store, publicationId, engine } = deviceThrough(fetchRefusing);
  const draft = store.createDraft(publicationId, 'post', { title: 'Short', content: '<p>a</p>' });
  await engine.flush();
  store.saveDraft(draft.id, {
    title: 'A much longer title than this other service takes, said in its own answer',
    content: '<p>a, and b</p>',
  });
  refusing = true;
  await engine.flush();
  const after = store.getDraft(draft.id)!;
  expect({ conflict: after.conflict?.title ?? null, lastError: after.lastError }).toEqual({
    conflict: null,
    lastError: expect.stringContaining(refusal),
  });
  store.close();
});

it('a new post is made on a service whose 404 has no body', async () => {
  // The spec shows no error shape: a bare 404 (Rails' `head :not_found`) is the service's "no
  // such record", where a review found every free-slug lookup failing, no post ever made.
  const bare404: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    return answer.status === 404 ? new Response(null, { status: 404 }) : answer;
  };
  const { store, publicationId, engine } = deviceThrough(bare404, 1);
  const draft = store.createDraft(publicationId, 'post', { title: 'Canal', content: '<p>c</p>' });
  await engine.flush();
  expect(store.getDraft(draft.id)!.remoteId).not.toBeNull();
  store.close();
});

it('publishes a draft titled after its first sync on a service that takes no slug on update', async () => {
  // The spec's update names title, content and status only. A slug following the title is not
  // the writer's: the service keeping the first one is no refusal (a review found every save and
  // every Publish refused).
  const specOnly: typeof fetch = async (input, init) => {
    if (init?.method === 'PUT' && typeof init.body === 'string') {
      const { slug: _ignored, ...rest } = JSON.parse(init.body) as Record<string, unknown>;
      return fetch(input, { ...init, body: JSON.stringify(rest) });
    }
    return fetch(input, init);
  };
  const { clock, store, publicationId, engine } = deviceThrough(specOnly);
  const draft = store.createDraft(publicationId, 'post', { title: 'T', content: '<p>t</p>' });
  await engine.flush();
  store.saveDraft(draft.id, { title: 'Tides at night', content: '<p>t</p>' });
  await engine.flush();
  const saved = store.getDraft(draft.id)!;
  store.saveDraft(draft.id, { title: 'Tides at night', content: '<p>t</p>', status: 'publish' });
  await engine.flush();
  clock.now += 600_000;
  await engine.flush();
  const slug = store.getDraft(draft.id)!.base!.slug;
  expect(saved.lastError).toBeNull();
  expect((await service.request('GET', `/posts/${slug}`)).json.post.status).toBe('publish');
  store.close();
});
