import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createCore, type Core } from './service';

// A damaged or newer data file at launch (from a review). The writer's own store (quire.db) is
// refused with a message naming the file and saying what to do, and is never changed, moved or
// deleted: it holds their drafts. The embedded sample's file (embedded/publishing.db) holds none
// of the writer's words, so it never keeps them out of their own publications: a damaged one is
// moved aside as publishing.db.corrupt-<time> (kept) and a fresh sample made; one that cannot be
// opened for another reason leaves the sample unavailable, its calls saying why.

const credentials = { get: async () => undefined, set: async () => {}, delete: async () => false };
const dirs: string[] = [];
const cores: Core[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-corrupt-'));
  dirs.push(dir);
  return dir;
}

async function start(
  dir: string,
  embedded: false | { posts: number; pages: number },
): Promise<Core | string> {
  try {
    const core = await createCore({ dataDir: dir, credentials, version: '0', embedded });
    cores.push(core);
    return core;
  } catch (error) {
    return (error as Error).message;
  }
}

async function call(core: Core, name: string, input: unknown = {}): Promise<any> {
  const envelope = await core.dispatch(name, input);
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
  return envelope.value;
}

const listPosts = (core: Core, publicationId: string) =>
  call(core, 'records.list', {
    publicationId,
    kind: 'post',
    page: 1,
    perPage: 10,
    draftsOnly: false,
  });

it('a damaged local store is refused, naming the file and what to do, and left untouched', async () => {
  const dir = dataDir();
  const file = join(dir, 'quire.db');
  const damaged = Buffer.from('x'.repeat(4096));
  writeFileSync(file, damaged);
  const failure = await start(dir, false);
  expect(typeof failure).toBe('string');
  expect(failure).toContain(file);
  expect(failure).toMatch(/damaged/);
  expect(failure).toMatch(/left the file untouched/);
  expect(failure).toMatch(/backup/);
  expect(failure).toMatch(/move it .* to another folder, then start Quire again/);
  expect(readFileSync(file).equals(damaged)).toBe(true);
  expect(readdirSync(dir)).toEqual(['quire.db']);
});

it('a local store from a newer Quire is refused, naming the file, without a byte of it changed', async () => {
  const dir = dataDir();
  const file = join(dir, 'quire.db');
  const newer = new Database(file);
  newer.pragma('journal_mode = DELETE');
  newer.exec('CREATE TABLE from_the_future (x)');
  newer.pragma('user_version = 99');
  newer.close();
  const before = readFileSync(file);
  const failure = await start(dir, false);
  expect(failure).toContain(file);
  expect(failure).toMatch(/newer version of Quire .*Update Quire/);
  expect(readFileSync(file).equals(before)).toBe(true);
});

it('a damaged sample file is kept aside and a fresh sample made: the writer is not kept out', async () => {
  const dir = dataDir();
  mkdirSync(join(dir, 'embedded'));
  const damaged = Buffer.from('x'.repeat(4096));
  writeFileSync(join(dir, 'embedded', 'publishing.db'), damaged);
  const core = await start(dir, { posts: 3, pages: 1 });
  if (typeof core === 'string') throw new Error(`the core did not start: ${core}`);
  const aside = readdirSync(join(dir, 'embedded')).filter((name) =>
    /^publishing\.db\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z$/.test(name),
  );
  expect(aside).toHaveLength(1);
  expect(readFileSync(join(dir, 'embedded', aside[0]!)).equals(damaged)).toBe(true);
  const [sample] = await call(core, 'publications.list');
  expect(sample).toMatchObject({ name: 'Local sample', embedded: true });
  expect(sample).not.toHaveProperty('unavailable');
  const page = await listPosts(core, sample.id);
  expect(page.items).toHaveLength(3);
});

it('a sample that cannot start for another reason leaves it unavailable, saying why', async () => {
  const dir = dataDir();
  const first = await start(dir, { posts: 2, pages: 1 });
  if (typeof first === 'string') throw new Error(`the core did not start: ${first}`);
  const [sample] = await call(first, 'publications.list');
  await first.close();
  cores.splice(0);
  // A newer Quire's sample file: not damaged, so not set aside, but this build cannot open it.
  const sampleFile = join(dir, 'embedded', 'publishing.db');
  const newer = new Database(sampleFile);
  newer.pragma('user_version = 99');
  newer.close();
  const core = await start(dir, { posts: 2, pages: 1 });
  if (typeof core === 'string') throw new Error(`the core did not start: ${core}`);
  expect(await call(core, 'publications.list')).toMatchObject([
    {
      id: sample.id,
      unavailable: expect.stringMatching(/^The local sample could not start: .*newer version/),
    },
  ]);
  await expect(listPosts(core, sample.id)).rejects.toMatchObject({
    kind: 'storage',
    message: expect.stringMatching(/^The local sample could not start: .*newer version of Quire/),
  });
  expect(readdirSync(join(dir, 'embedded')).some((name) => name.includes('corrupt'))).toBe(false);
});
