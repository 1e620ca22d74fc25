import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestService } from '../../server/testing/harness';
import type { Core } from './service';
import { startCoreWorld, type CoreWorld } from './testing/core-world';

// The spec leaves field lengths open ("Constraints on field lengths ...: not shown"), so another
// service may hold a title over 500 characters, a longer excerpt or meta description, or a
// featured image behind a long signed URL. The record opens; but the contract's draftFieldsSchema
// caps these fields, and the editor sends every field back with each autosave: every save of
// the words the writer types into that post is refused, "Invalid input for drafts.save".
// Stood in for here by writing such values straight into the reference server's file.

let world: CoreWorld;
let service: TestService;
let core: Core;
let publicationId: string;

beforeAll(async () => {
  world = await startCoreWorld('longer-fields');
  ({ service, core } = world);
  publicationId = world.publicationId!;
});
afterAll(() => world.close());

it.each([
  ['title', 'A'.repeat(520)],
  ['excerpt', 'e'.repeat(5_200)],
  ['meta_description', 'm'.repeat(1_100)],
  ['featured_image', `https://cdn.example/i.jpg?X-Amz-Signature=${'a'.repeat(2_100)}`],
])(
  'words typed into a post whose %s is longer than Quire allows are saved',
  async (column, value) => {
    const slug = `long-${column.replace('_', '-')}`;
    const made = await service.request('POST', '/posts', { body: { title: 'Long', slug } });
    expect(made.status).toBe(201);
    // Another connection, as another service's own data would be: the server's cache hears of it.
    const other = new Database(service.dataFile);
    other.prepare(`UPDATE records SET ${column} = ? WHERE id = ?`).run(value, made.json.post.id);
    other.close();

    const opened = await core.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    expect(opened.ok).toBe(true);
    const draft = (opened as { value: { id: string; fields: Record<string, unknown> } }).value;
    expect(draft.fields[column]).toBe(value);

    // The editor's autosave: every field as it holds it, the writer's new paragraph in content.
    const saved = await core.dispatch('drafts.save', {
      draftId: draft.id,
      fields: { ...draft.fields, content: '<p>An hour of new writing.</p>' },
    });
    expect(saved.ok ? 'saved' : saved.error).toBe('saved');
  },
);
