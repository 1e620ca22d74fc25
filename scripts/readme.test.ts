import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README once lost its "Two commands" and the service's decisions to an edit elsewhere in
// it, and nothing noticed. These checks keep what a new machine needs from it true.
const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('README', () => {
  it('opens with the two commands that set a new machine up', () => {
    const section = readme.split('\n## ')[1] ?? '';
    expect(section.startsWith('Two commands\n')).toBe(true);
    expect(section).toContain('npm install && npm start');
    expect(section).toContain('bash .ci/run');
    expect(scripts.start).toBeTruthy();
    // The test command CI runs is the README's: .ci/run ends in `npm test`.
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm test$/m);
  });

  it('writes down the decisions where the spec says "not shown"', () => {
    expect(readme).toContain('### Decisions where the spec says "not shown"');
    for (const topic of ['**Status codes.**', '**Errors.**', '**Pagination.**', '**Slugs.**'])
      expect(readme).toContain(topic);
  });

  it('names only npm scripts that exist', () => {
    const named = [...readme.matchAll(/npm run (?:-s |--silent )?([a-z:]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !(name && name in scripts))).toEqual([]);
  });

  it('names only files that exist (a path in the server table is under server/)', () => {
    const paths = [...readme.matchAll(/`([\w.\-/]+\/[\w.-]+\.(?:ts|tsx|mjs|sh|yml|json|css))`/g)]
      .map((m) => m[1] as string)
      .filter((path) => !path.startsWith('../'));
    expect(paths.length).toBeGreaterThan(20);
    const missing = paths.filter(
      (path) => !existsSync(join(root, path)) && !existsSync(join(root, 'server', path)),
    );
    expect(missing).toEqual([]);
  });
});
