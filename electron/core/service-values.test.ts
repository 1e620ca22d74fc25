import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../server/testing/harness';
import type { Core } from './service';
import { startCoreWorld, type CoreWorld } from './testing/core-world';

// Values another service may hold (the spec says only "Featured image URL", "Category id", "Tag
// ids") that the contract once refused: the editor sends every field back with each autosave,
// so every save of the words typed into such a post was refused (security review, 2026-11-22).
// What the service holds goes back unchanged; what the renderer brings in is still judged.
// Real parts: the reference server, the keychain, a SQLite store. The other service's values are
// stood in for by writing them straight into the reference server's file, as
// longer-fields.test.ts does.

let world: CoreWorld;
let service: TestService;
let core: Core;
let publicationId: string;
const THUMBNAIL = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(async () => {
  world = await startCoreWorld('service-values');
  ({ service, core } = world);
  publicationId = world.publicationId!;
});
afterAll(() => world.close());

type Alter = (db: Database.Database, id: number) => void;
const thumbnail: Alter = (db, id) =>
  db.prepare('UPDATE records SET featured_image = ? WHERE id = ?').run(THUMBNAIL, id);
const cases: [string, string, Alter][] = [
  ['a data: featured image (an inline thumbnail)', 'data-image', thumbnail],
  [
    'category id 0 ("uncategorised")',
    'category-zero',
    (db, id) => {
      db.pragma('foreign_keys = OFF');
      db.prepare('UPDATE records SET category_id = 0 WHERE id = ?').run(id);
    },
  ],
  [
    'tag id 0',
    'tag-zero',
    (db, id) => {
      db.pragma('foreign_keys = OFF');
      const pub = db.prepare('SELECT publication_id FROM records WHERE id = ?').pluck().get(id);
      db.prepare(
        "INSERT INTO tags (id, publication_id, name, slug) VALUES (0, ?, 'Misc', 'misc')",
      ).run(pub);
      db.prepare('INSERT INTO record_tags (record_id, tag_id, position) VALUES (?, 0, 0)').run(id);
    },
  ],
];

/** A post made on the service, its stored values changed behind it, opened in Quire. */
async function openAltered(slug: string, alter?: Alter) {
  const made = await service.request('POST', '/posts', { body: { title: 'Held', slug } });
  expect(made.status).toBe(201);
  if (alter) {
    // Another connection, as another service's own data would be: the server's cache hears of it.
    const other = new Database(service.dataFile);
    alter(other, made.json.post.id);
    other.close();
  }
  const opened = await core.dispatch('drafts.open', { publicationId, kind: 'post', slug });
  expect(opened.ok ? 'opened' : opened.error).toBe('opened');
  return (opened as { value: { id: string; remoteId: number; fields: Record<string, unknown> } })
    .value;
}

describe('a value the service holds', () => {
  it.each(cases)('words typed into a post with %s are saved', async (_label, slug, alter) => {
    const draft = await openAltered(slug, alter);
    // The editor's autosave: every field as the draft holds it, the writer's new paragraph added.
    const saved = await core.dispatch('drafts.save', {
      draftId: draft.id,
      fields: { ...draft.fields, content: '<p>An hour of new writing.</p>' },
    });
    expect(saved.ok ? 'saved' : saved.error).toBe('saved');
  });

  it('is kept unchanged beside the words saved', async () => {
    const draft = await openAltered('data-image-kept', thumbnail);
    expect(draft.fields.featured_image).toBe(THUMBNAIL);
    await core.dispatch('drafts.save', {
      draftId: draft.id,
      fields: { ...draft.fields, content: '<p>Kept with its thumbnail.</p>' },
    });
    // The core's own copy: whether the service takes it back is the service's to say (the
    // reference server takes only http(s) images, and says so on the draft).
    const after = await core.dispatch('drafts.get', { draftId: draft.id });
    const fields = after.ok && (after.value as { fields: Record<string, unknown> }).fields;
    expect(fields && [fields.content, fields.featured_image]).toEqual([
      '<p>Kept with its thumbnail.</p>',
      THUMBNAIL,
    ]);
  });

  it('is taken back from an editor still showing it after the service changed it', async () => {
    const draft = await openAltered('data-image-replaced', thumbnail);
    // Changed on the service meanwhile, through its API.
    const changed = await service.request('PUT', `/posts/${draft.remoteId}`, {
      body: { featured_image: 'https://cdn.example/new.png' },
    });
    expect(changed.status).toBe(200);
    // Opened again (another window): the untouched draft becomes the service's new copy, while
    // this editor still holds the thumbnail, and sends it with its next autosave.
    const again = await core.dispatch('drafts.open', {
      publicationId,
      kind: 'post',
      slug: 'data-image-replaced',
    });
    expect(again.ok && (again.value as typeof draft).fields.featured_image).toBe(
      'https://cdn.example/new.png',
    );
    const saved = await core.dispatch('drafts.save', {
      draftId: draft.id,
      fields: { ...draft.fields, content: '<p>Typed in the first window.</p>' },
    });
    expect(saved.ok ? 'saved' : saved.error).toBe('saved');
  });
});

describe('an address the renderer brings in', () => {
  const refusal = (field: string) => ({
    kind: 'bad-input',
    fields: { [`fields.${field}`]: ['Use an http:// or https:// address.'] },
  });

  it.each([
    ['canonical_url', 'javascript:alert(document.domain)'],
    ['canonical_url', ' java\tscript:alert(1)'],
    ['featured_image', 'file:///etc/passwd'],
    ['featured_image', 'data:text/html,<script>alert(1)</script>'],
  ])('is refused, on the field, when %s is set to %s', async (field, value) => {
    const draft = await openAltered(`typed-${randomUUID().slice(0, 8)}`);
    const saved = await core.dispatch('drafts.save', {
      draftId: draft.id,
      fields: { ...draft.fields, [field]: value },
    });
    expect(saved.ok ? 'saved' : saved.error).toMatchObject(refusal(field));
  });

  it('is refused even beside a data: address the service holds, unless it is that one', async () => {
    const draft = await openAltered('data-image-other', thumbnail);
    for (const [field, value] of [
      ['featured_image', 'data:image/svg+xml,<svg onload="alert(1)"/>'],
      ['canonical_url', THUMBNAIL],
    ] as const) {
      const saved = await core.dispatch('drafts.save', {
        draftId: draft.id,
        fields: { ...draft.fields, [field]: value },
      });
      expect(saved.ok ? 'saved' : saved.error).toMatchObject(refusal(field));
    }
  });

  it('is refused in a new post, which holds nothing yet', async () => {
    const created = await core.dispatch('records.create', {
      publicationId,
      kind: 'post',
      fields: { title: 'New', content: '<p>x</p>', featured_image: 'javascript:alert(1)' },
    });
    expect(created.ok ? 'created' : created.error).toMatchObject(refusal('featured_image'));
  });

  it('keeps ids whole numbers, not below 0', async () => {
    const draft = await openAltered('ids-judged');
    for (const wrong of [{ category: -1 }, { category: 1.5 }, { tags: [2, -3] }]) {
      const saved = await core.dispatch('drafts.save', {
        draftId: draft.id,
        fields: { ...draft.fields, ...wrong },
      });
      expect(saved.ok ? 'saved' : saved.error.kind, JSON.stringify(wrong)).toBe('bad-input');
    }
  });
});
