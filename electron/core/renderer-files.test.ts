import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateRendererFile } from './renderer-files';

let base: string;
let renderer: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'quire-renderer-files-'));
  renderer = join(base, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
  writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'export {}');
  writeFileSync(join(base, 'secret.txt'), 'outside the renderer');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('locateRendererFile', () => {
  it('names the file and its type', () => {
    expect(locateRendererFile(renderer, '/assets/index-abc.js')).toEqual({
      kind: 'file',
      path: join(renderer, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(locateRendererFile(renderer, '/')).toMatchObject({
      path: join(renderer, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
  });

  it('gives index.html for a page address, but never HTML for a missing asset', () => {
    expect(locateRendererFile(renderer, '/posts/12')).toMatchObject({
      path: join(renderer, 'index.html'),
    });
    expect(locateRendererFile(renderer, '/assets')).toMatchObject({
      path: join(renderer, 'index.html'),
    });
    expect(locateRendererFile(renderer, '/assets/gone-123.js')).toEqual({ kind: 'not-found' });
  });

  it.each([
    ['an encoded parent', '/..%2fsecret.txt'],
    ['an encoded backslash parent', '/..%5csecret.txt'],
    ['a deeper escape', '/assets/..%2f..%2fsecret.txt'],
    ['a sibling sharing the prefix', '/..%2frenderer-other/x.js'],
    ['a NUL byte', '/index.html%00.js'],
    ['malformed percent-encoding', '/%E0%A4%A.js'],
  ])('names nothing outside the renderer for %s', (_label, pathname) => {
    expect(locateRendererFile(renderer, pathname)).toEqual({ kind: 'not-found' });
  });

  it('says when the renderer has not been built', () => {
    expect(locateRendererFile(join(base, 'absent'), '/')).toEqual({ kind: 'not-built' });
  });
});
