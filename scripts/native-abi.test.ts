import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeAbiPlan, type NativeAbiFound } from './native-abi-plan.mjs';

const found = (over: Partial<NativeAbiFound>): NativeAbiFound => ({
  target: 'electron',
  loadsUnderNode: true,
  electronInstalled: true,
  skipDownload: false,
  electronVersion: '45.4.1',
  marker: null,
  ...over,
});

describe('what native-abi does before npm start', () => {
  it('fetches a missing Electron binary, then builds for it (a fresh npm install)', () => {
    expect(nativeAbiPlan(found({ electronInstalled: false }))).toEqual({
      download: true,
      rebuild: 'electron',
    });
  });

  it('fetches nothing and builds nothing where the binary is skipped on purpose (CI)', () => {
    const plan = nativeAbiPlan(found({ electronInstalled: false, skipDownload: true }));
    expect(plan).toMatchObject({ download: false, rebuild: null });
    expect(plan.message).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD/);
  });

  it('rebuilds for Electron when the module loads under Node, whatever the marker says', () => {
    // An npm install after an npm start put a Node build back behind an "electron" marker.
    const marker = { target: 'electron', version: '45.4.1' };
    expect(nativeAbiPlan(found({ marker })).rebuild).toBe('electron');
  });

  it('leaves a build for this Electron as it is, and rebuilds one for another version', () => {
    const marker = { target: 'electron', version: '45.4.1' };
    expect(nativeAbiPlan(found({ loadsUnderNode: false, marker })).rebuild).toBeNull();
    expect(
      nativeAbiPlan(found({ loadsUnderNode: false, marker: { ...marker, version: '44.0.0' } }))
        .rebuild,
    ).toBe('electron');
    // No marker: a rebuild cut off half way removed it (see below), and whatever is there loads
    // nowhere.
    expect(nativeAbiPlan(found({ loadsUnderNode: false })).rebuild).toBe('electron');
  });
});

describe('what native-abi does before the tests', () => {
  it('rebuilds for Node only when the module does not load under Node', () => {
    const marker = { target: 'node', version: process.versions.node };
    expect(nativeAbiPlan(found({ target: 'node', loadsUnderNode: false, marker })).rebuild).toBe(
      'node',
    );
    expect(
      nativeAbiPlan(found({ target: 'node', marker: { target: 'electron' } })).rebuild,
    ).toBeNull();
  });
});

describe('the script, run for real', () => {
  const run = (env: Record<string, string>) => {
    const cache = mkdtempSync(join(tmpdir(), 'quire-electron-cache-'));
    const markerFile = 'node_modules/.cache/quire-native-abi.json';
    // No marker at all on a fresh clone: the script writes one only when it rebuilds.
    const marker = (): string | null => {
      try {
        return readFileSync(markerFile, 'utf8');
      } catch {
        return null;
      }
    };
    const markerBefore = marker();
    try {
      // An empty download cache and an empty Electron folder, even where Electron is installed:
      // else the script would install it and rebuild this checkout's better-sqlite3 for it,
      // under the tests' feet.
      const result = spawnSync(process.execPath, ['scripts/native-abi.mjs', 'electron'], {
        encoding: 'utf8',
        env: {
          ...process.env,
          electron_config_cache: cache,
          ELECTRON_OVERRIDE_DIST_PATH: cache,
          ...env,
        },
        timeout: 60_000,
      });
      return { ...result, markerAfter: marker(), markerBefore };
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  };

  it('tries to fetch the missing binary and says why it could not, exit 1, the Node build kept', () => {
    // A closed port as the mirror: the download fails here and on any machine, at once.
    const result = run({
      ELECTRON_SKIP_BINARY_DOWNLOAD: '',
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    });
    expect(result.stdout).toContain('native-abi: downloading Electron');
    expect(result.stderr).toMatch(/could not be downloaded .*Node >= 22\.12/s);
    expect(result.status).toBe(1);
    expect(result.markerAfter).toBe(result.markerBefore);
  });

  it('with ELECTRON_SKIP_BINARY_DOWNLOAD set, says so and leaves everything as it was', () => {
    const result = run({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD is set: nothing to rebuild/);
    expect(result.markerAfter).toBe(result.markerBefore);
  });
  it('removes its marker before a rebuild, so one that fails leaves no "built for Electron"', () => {
    // A checkout of its own: a fake Electron, a better-sqlite3 that loads under Node, a marker
    // from an earlier npm start, and no @electron/rebuild, so the rebuild fails as a cut-off
    // compile would (a review found the old marker then skipped the next rebuild).
    const root = mkdtempSync(join(tmpdir(), 'quire-abi-'));
    try {
      cpSync('scripts', join(root, 'scripts'), { recursive: true });
      const modules = join(root, 'node_modules');
      mkdirSync(join(modules, 'electron', 'dist'), { recursive: true });
      writeFileSync(
        join(modules, 'electron', 'package.json'),
        JSON.stringify({ name: 'electron', version: '45.4.1' }),
      );
      writeFileSync(join(modules, 'electron', 'path.txt'), 'electron');
      writeFileSync(join(modules, 'electron', 'dist', 'electron'), '');
      mkdirSync(join(modules, 'better-sqlite3'), { recursive: true });
      writeFileSync(join(modules, 'better-sqlite3', 'package.json'), '{"name":"better-sqlite3"}');
      writeFileSync(
        join(modules, 'better-sqlite3', 'index.js'),
        'module.exports = class { close() {} };',
      );
      const markerFile = join(modules, '.cache', 'quire-native-abi.json');
      mkdirSync(join(modules, '.cache'));
      writeFileSync(markerFile, JSON.stringify({ target: 'electron', version: '45.4.1' }));
      const result = spawnSync(process.execPath, ['scripts/native-abi.mjs', 'electron'], {
        cwd: root,
        encoding: 'utf8',
        env: Object.fromEntries(
          Object.entries(process.env).filter(
            ([name]) =>
              !['ELECTRON_SKIP_BINARY_DOWNLOAD', 'ELECTRON_OVERRIDE_DIST_PATH'].includes(name),
          ),
        ),
        timeout: 30_000,
      });
      expect(result.stdout).toContain('rebuilding native modules for Electron 45.4.1');
      expect(result.status).not.toBe(0);
      expect(existsSync(markerFile)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
