import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore } from '../store/local-store';
import { SyncEngine } from './engine';

// From a review. The reference server never answers so; a fetch in front of it stands in for the
// proxy or the other service that does (the only test double here).
// A reverse proxy with no backend mid-deploy (Traefik, Go's http.NotFound, many API gateways)
// answers every path "404 page not found" as text/plain, not the API's JSON error. The client
// guards only a text/html 404 ("never read as deleted"); a plain-text one is read as the API's
// "no such record", and a Delete counts as done while the post stays live on the service. So does
// a 200 whose body says the delete failed: the answer's `status` is never read.

let service: TestService;
let dir: string;
let devices = 0;
beforeAll(async () => {
  service = await startTestService('review-bad-delete');
  dir = mkdtempSync(join(tmpdir(), 'review-bad-'));
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

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
    fetch: fetchThroughProxy,
    backoff: { baseMs: 1, maxMs: 5 },
  });
  const engine = new SyncEngine({ store, clientFor: () => api, now: () => clock.now });
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
  const clock = { now: Date.now() };
  const store = LocalStore.open(join(dir, 'device-update.db'), () => clock.now);
  const publicationId = store.addPublication({
    name: 'P',
    baseUrl: service.server.url,
    subdomain: service.subdomain,
  });
  const api = new PublishingApiClient({
    baseUrl: service.server.url,
    subdomain: service.subdomain,
    token: () => service.token,
    fetch: fetchRefusing,
    backoff: { baseMs: 1, maxMs: 5 },
  });
  const engine = new SyncEngine({ store, clientFor: () => api, now: () => clock.now });
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
