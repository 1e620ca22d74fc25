import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../../server/db/database';
import { remoteRecordSchema } from '../../../shared/model';
import { LocalStore } from './local-store';
import { STORE_MIGRATIONS } from './schema';

// Review (lists): a search covers what this computer holds. Drafts are searched by words kept in
// lower case by JavaScript (schema.ts draftSearchText); records listed from the service by
// SQLite's lower() and LIKE, which fold ASCII letters only. A real SQLite store.

const dir = mkdtempSync(join(tmpdir(), 'quire-search-case-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('finds a post listed from the service by a title word with a capital that is not ASCII', () => {
  const store = LocalStore.open(join(dir, 'quire.db'));
  const publicationId = store.addPublication({
    name: 'P',
    baseUrl: 'http://127.0.0.1:9',
    subdomain: 'p',
  });
  const record = (id: number, title: string, text: string) =>
    remoteRecordSchema.parse({
      id,
      slug: `r-${id}`,
      title,
      content: `<p>${text}</p>`,
      content_text: text,
      status: 'publish',
      updated_at: '2026-11-01T00:00:00Z',
    });
  store.cachePage(
    { publicationId, kind: 'post', draftsOnly: false, page: 1, perPage: 20 },
    { total: 3, per_page: 20, current_page: 1, last_page: 1 },
    [
      record(1, 'Über den Wolken', 'Ein Flug.'),
      record(2, 'École du soir', 'Notes.'),
      record(3, 'Walk', 'Through Ölberg and Émile’s garden.'),
    ],
  );
  const found = (query: string) =>
    store.searchCached(publicationId, 'post', query).records.map((r) => r.id);
  // Typed as the title is written, and in lower case.
  expect({
    Über: found('Über'),
    über: found('über'),
    école: found('école'),
    Ölberg: found('Ölberg'),
  }).toEqual({ Über: [1], über: [1], école: [2], Ölberg: [3] });
  store.close();
});

// Beside the review's test: the query side, and stores cached before the text was kept.

const recordOf = (id: number, title: string, text = '') =>
  remoteRecordSchema.parse({
    id,
    slug: `r-${id}`,
    title,
    content: `<p>${text}</p>`,
    content_text: text,
    status: 'publish',
    updated_at: `2026-11-01T00:00:${String(id % 60).padStart(2, '0')}Z`,
  });

it('folds every script’s capitals, in any case typed, but keeps accents', () => {
  const store = LocalStore.open(join(dir, 'scripts.db'));
  const publicationId = store.addPublication({
    name: 'P',
    baseUrl: 'http://127.0.0.1:9',
    subdomain: 'p',
  });
  store.cachePage(
    { publicationId, kind: 'post', draftsOnly: false, page: 1, perPage: 20 },
    { total: 4, per_page: 20, current_page: 1, last_page: 1 },
    [
      recordOf(1, 'École du soir'),
      recordOf(2, 'Москва зимой'),
      recordOf(3, 'Ελλάδα το καλοκαίρι'),
      recordOf(4, 'ISTANBUL', 'İzmir and Iğdır'),
    ],
  );
  const found = (query: string) =>
    store.searchCached(publicationId, 'post', query).records.map((r) => r.id);
  expect({
    ÉCOLE: found('ÉCOLE'),
    école: found('école'),
    ecole: found('ecole'),
    москва: found('москва'),
    МОСКВА: found('МОСКВА'),
    ελλάδα: found('ελλάδα'),
    ΕΛΛΆΔΑ: found('ΕΛΛΆΔΑ'),
    istanbul: found('istanbul'),
    İzmir: found('İzmir'),
    // A title word and a word of the text, each found: as a draft's are.
    'école soir': found('école soir'),
  }).toEqual({
    ÉCOLE: [1],
    école: [1],
    ecole: [],
    москва: [2],
    МОСКВА: [2],
    ελλάδα: [3],
    ΕΛΛΆΔΑ: [3],
    istanbul: [4],
    İzmir: [4],
    'école soir': [1],
  });
  store.close();
});

it('finds records cached by a store from before their text was kept (migration 11)', () => {
  const path = join(dir, 'before-11.db');
  const raw = new Database(path);
  migrate(raw, STORE_MIGRATIONS.slice(0, 10));
  raw.exec(`INSERT INTO publications (id, name, base_url, subdomain, added_at)
              VALUES ('p1', 'P', 'http://127.0.0.1:9', 'p', 0);`);
  const insert = raw.prepare(`INSERT INTO cached_records (publication_id, kind, remote_id, slug,
    record_json, cached_at) VALUES ('p1', 'post', ?, ?, ?, 0)`);
  insert.run(1, 'r-1', JSON.stringify(recordOf(1, 'Über den Wolken', 'Ein Flug.')));
  // One cached by an older Quire with no plain text: found by its title.
  insert.run(2, 'r-2', JSON.stringify({ ...recordOf(2, 'Ölberg'), content_text: undefined }));
  raw.close();
  const store = LocalStore.open(path);
  const found = (query: string) => store.searchCached('p1', 'post', query).records.map((r) => r.id);
  expect({ über: found('über'), flug: found('FLUG'), ölberg: found('ölberg') }).toEqual({
    über: [1],
    flug: [1],
    ölberg: [2],
  });
  store.close();
});

it('searches 1,000 cached records of 20 KB quickly', () => {
  const store = LocalStore.open(join(dir, 'many.db'));
  const publicationId = store.addPublication({
    name: 'P',
    baseUrl: 'http://127.0.0.1:9',
    subdomain: 'p',
  });
  const words = 'Über den Wolken muss die Freiheit wohl grenzenlos sein '.repeat(370);
  for (let page = 1; page <= 10; page++)
    store.cachePage(
      { publicationId, kind: 'post', draftsOnly: false, page, perPage: 100 },
      { total: 1_000, per_page: 100, current_page: page, last_page: 10 },
      Array.from({ length: 100 }, (_, i) => {
        const id = (page - 1) * 100 + i + 1;
        return recordOf(id, `Post ${id}`, `${words}${id === 500 ? ' Zugspitze' : ''}`);
      }),
    );
  const started = performance.now();
  const found = store.searchCached(publicationId, 'post', 'zugspitze über').records;
  const took = performance.now() - started;
  expect(found.map((r) => r.id)).toEqual([500]);
  expect(took).toBeLessThan(500);
  store.close();
});
