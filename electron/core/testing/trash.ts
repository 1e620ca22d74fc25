import Database from 'better-sqlite3';
import { RecordStore } from '../../../server/records';
import type { TestService } from '../../../server/testing/harness';

/** A colleague restores a post from the service's trash (the spec has no endpoint for it). */
export function restoreFromTrash(service: TestService, id: number): void {
  const publicationId = service.server.db
    .prepare('SELECT publication_id FROM records WHERE id = ?')
    .pluck()
    .get(id) as number;
  // As the server's CLI `restore` does: another connection, so the server's caches see it.
  const other = new Database(service.dataFile);
  new RecordStore(other).restore(publicationId, id);
  other.close();
}

/**
 * A service that keeps create keys but whose 410 names no record (a gateway's own, say): what a
 * client knows of a deleted post is then its claim and its words alone.
 */
export function goneNamingNoId(real: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await real(input, init);
    if (response.status !== 410) return response;
    const { id: _, ...body } = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify({ ...body, message: 'Gone' }), {
      status: 410,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/**
 * The same 410 answered by something in front of the service (a gateway's own), naming an id of
 * its own and not saying the create's key back: it says nothing of the writer's post.
 */
export function goneNamingForeignId(real: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await real(input, init);
    if (response.status !== 410) return response;
    return new Response(JSON.stringify({ status: 'error', message: 'Gone', id: 987_654_321 }), {
      status: 410,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The same, on a client already made (its `fetchImpl`). */
export function clientGoneNamingNoId(d: { api: unknown }): void {
  const api = d.api as { fetchImpl: typeof fetch };
  api.fetchImpl = goneNamingNoId(api.fetchImpl);
}
