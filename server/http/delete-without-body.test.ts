import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

// Review S1 (real parts: the reference server on its SQLite file). Spec 4.5: "DELETE /posts/{id}. No body." README: "404 unknown ... id"; delete answers 200.
// A client that sends `Content-Type: application/json` on every request (common in SDKs) and no
// body gets 400 "The request body is not valid JSON": the delete is refused for a body it never had.
let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

const jsonHeader = { headers: { 'content-type': 'application/json' } };

describe('DELETE carries no body', () => {
  it('deletes a post when the request says Content-Type: application/json but has no body', async () => {
    const id = (await s.request('POST', '/posts', { body: { title: 'Doomed' } })).json.post.id;
    const reply = await s.request('DELETE', `/posts/${id}`, jsonHeader);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'success', message: 'Post deleted' });
    expect((await s.request('GET', '/posts/doomed')).status).toBe(404);
  });

  it('answers 404 (README: unknown id) for an unknown id with that header', async () => {
    const reply = await s.request('DELETE', '/pages/987654', jsonHeader);
    expect(reply.status).toBe(404);
  });
});
