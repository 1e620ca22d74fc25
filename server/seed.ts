import type { Db } from './db/database';
import { ApiError } from './errors';
import { addAuthor, addCategory, addTag, findPublication, type Taxon } from './publications';
import { RecordStore, type Kind, type RecordFields } from './records';

/** A small, fast, seedable PRNG (mulberry32), so a seed is the same on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = `quiet river morning garden letter window harbour winter season kitchen
  journey language memory lantern orchard pattern signal thread village weather archive
  balance bridge canvas compass draft editor essay fiction harvest ink margin notebook paper
  passage poem reader revision sentence story studio syntax tempo voice writer chapter
  coffee evening field forest light market mountain ocean road silence street summer sunday
  train typewriter wind`
  .split(/\s+/)
  .filter(Boolean);
const ADJECTIVES = `small patient honest slow bright careful early late hidden open plain
  restless simple steady strange useful warm wild brief curious`
  .split(/\s+/)
  .filter(Boolean);
const TOPICS = [
  'Notes on',
  'Against',
  'In praise of',
  'A field guide to',
  'What I learned from',
  'The case for',
  'Letters about',
  'Revisiting',
  'Ten years of',
  'On',
  'Why I keep',
  'How to start',
  'Small lessons from',
  'The trouble with',
  'Walking with',
];
const PAGE_TITLES = [
  'About',
  'Contact',
  'Colophon',
  'Now',
  'Uses',
  'Archive',
  'Newsletter',
  'Privacy',
];
const TAG_NAMES = [
  'Writing',
  'Craft',
  'Reading',
  'Travel',
  'Tools',
  'Notes',
  'Essays',
  'Fiction',
  'Poetry',
  'Interviews',
  'Process',
  'Café',
];
const CATEGORY_NAMES = ['Essays', 'Dispatches', 'Reviews', 'Tutorials', 'Journal'];
const CODE_SAMPLES = [
  'const words = text.split(/\\s+/).length;\nconsole.log(`${words} words`);',
  'def reading_time(words):\n    return max(1, round(words / 200))',
  '<p class="lede">Hello &amp; welcome</p>',
];

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const between = (random: Random, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));
export const plural = (word: string): string =>
  /(s|x|ch|sh)$/.test(word)
    ? `${word}es`
    : /[^aeiou]y$/.test(word)
      ? `${word.slice(0, -1)}ies`
      : `${word}s`;
const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function sentence(random: Random, inline = true): string {
  const words = Array.from({ length: between(random, 8, 20) }, () => pick(random, WORDS));
  if (inline && random() < 0.3) {
    const at = between(random, 1, words.length - 1);
    const style = pick(random, ['strong', 'em', 'code', 'a']);
    words[at] =
      style === 'a'
        ? `<a href="https://example.com/${words[at]}">${words[at]}</a>`
        : `<${style}>${words[at]}</${style}>`;
  }
  if (random() < 0.1) words.push('&amp;', pick(random, WORDS), '&mdash;', pick(random, WORDS));
  return `${capitalise(words.join(' '))}.`;
}

function paragraph(random: Random): string {
  return `<p>${Array.from({ length: between(random, 2, 5) }, () => sentence(random)).join(' ')}</p>`;
}

function list(random: Random, depth = 0): string {
  const tag = random() < 0.5 ? 'ul' : 'ol';
  const items = Array.from({ length: between(random, 2, 5) }, () => {
    const nested = depth === 0 && random() < 0.2 ? list(random, 1) : '';
    return `<li>${sentence(random)}${nested}</li>`;
  });
  return `<${tag}>${items.join('')}</${tag}>`;
}

function body(random: Random): string {
  const blocks: string[] = [paragraph(random)];
  const count = between(random, 3, 10);
  for (let i = 0; i < count; i++) {
    const roll = random();
    if (roll < 0.45) blocks.push(paragraph(random));
    else if (roll < 0.6) {
      const level = between(random, 2, 3);
      const heading = `${capitalise(pick(random, WORDS))} ${pick(random, WORDS)}`;
      blocks.push(`<h${level}>${heading}</h${level}>`, paragraph(random));
    } else if (roll < 0.72) blocks.push(list(random));
    else if (roll < 0.8) blocks.push(`<blockquote><p>${sentence(random)}</p></blockquote>`);
    else if (roll < 0.88) {
      const word = pick(random, WORDS);
      blocks.push(
        `<figure><img src="https://images.example.com/${word}-${between(random, 1, 999)}.jpg" alt="A ${word}"><figcaption>${sentence(random, false)}</figcaption></figure>`,
      );
    } else if (roll < 0.95) {
      const code = pick(random, CODE_SAMPLES).replace(/&/g, '&amp;').replace(/</g, '&lt;');
      blocks.push(`<pre><code>${code}</code></pre>`);
    } else blocks.push('<hr>');
  }
  return blocks.join('\n');
}

const SEED_BATCH = 2_000;

export interface SeedOptions {
  subdomain: string;
  posts: number;
  pages: number;
  seed?: number;
  /** Newest record's creation time; older ones step back from it. */
  now?: number;
}

export interface SeedResult {
  posts: number;
  pages: number;
}

/** Fills a publication with realistic posts and pages in one transaction. */
export function seedPublication(db: Db, options: SeedOptions): SeedResult {
  const publication = findPublication(db, options.subdomain);
  if (!publication) throw new ApiError(404, `No publication with subdomain "${options.subdomain}"`);
  const random = prng(options.seed ?? 1);
  const total = options.posts + options.pages;
  // Spread creation times over about three years, oldest first, so lists look lived-in.
  const step = total > 0 ? Math.max(1, Math.floor((3 * 365 * 24 * 3600 * 1000) / total)) : 1;
  let clock = (options.now ?? Date.now()) - step * total;
  const store = new RecordStore(db, () => clock);

  const { authors, tags, categories } = db.transaction(() => {
    const authors = db
      .prepare('SELECT id FROM authors WHERE publication_id = ? ORDER BY id')
      .pluck()
      .all(publication.id) as number[];
    while (authors.length < 2) {
      const n = authors.length + 1;
      authors.push(
        addAuthor(db, publication.id, {
          name: n === 1 ? 'Ada Marlowe' : 'Jonah Reyes',
          tagline: n === 1 ? 'Editor, mostly essays' : 'Guest writer and photographer',
          avatar: `avatar-${n}.png`,
        }).id,
      );
    }
    const tags: Taxon[] = TAG_NAMES.map((name) => addTag(db, publication.id, name));
    const categories: Taxon[] = CATEGORY_NAMES.map((name) => addCategory(db, publication.id, name));
    return { authors, tags, categories };
  })();

  const make = (kind: Kind, index: number): void => {
    clock += step;
    const title =
      kind === 'page' && index < PAGE_TITLES.length
        ? (PAGE_TITLES[index] as string)
        : `${pick(random, TOPICS)} ${pick(random, ADJECTIVES)} ${plural(pick(random, WORDS))}`;
    const fields: RecordFields = {
      title,
      content: body(random),
      status: random() < 0.75 ? 'publish' : 'draft',
      featured: random() < 0.1,
      excerpt: random() < 0.5 ? sentence(random, false) : null,
      tags:
        kind === 'post'
          ? Array.from({ length: between(random, 0, 3) }, () => pick(random, tags).id)
          : [],
      category: kind === 'post' && random() < 0.7 ? pick(random, categories).id : null,
      featured_image:
        random() < 0.3 ? `https://images.example.com/cover-${between(random, 1, 5000)}.jpg` : null,
    };
    store.create(publication.id, kind, pick(random, authors), fields);
  };
  // Committed in batches: one huge transaction overflows SQLite's page cache, and the WAL then
  // grows with every page it spills again (100,000 posts took over a minute that way).
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      if (i < options.posts) make('post', i);
      else make('page', i - options.posts);
    }
  });
  for (let from = 0; from < total; from += SEED_BATCH)
    batch(from, Math.min(total, from + SEED_BATCH));

  return { posts: options.posts, pages: options.pages };
}
