// Native modules (better-sqlite3, keytar) are built for one runtime at a time. Tests run under
// Node; the app runs under Electron. This switches the build when, and only when, needed:
//   node scripts/native-abi.mjs electron   before npm start / npm run dev
//   node scripts/native-abi.mjs node       before the tests
// Where no Electron binary is installed (CI here), the electron target does nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const MODULES = ['better-sqlite3', 'keytar'];
const MARKER = 'node_modules/.cache/quire-native-abi.json';
const require = createRequire(import.meta.url);
const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  process.stderr.write('usage: native-abi.mjs node|electron\n');
  process.exit(2);
}

// Looked up by hand: require('electron') starts a download when the binary is missing.
function electronBinaryInstalled() {
  const root = dirname(require.resolve('electron/package.json'));
  const pathFile = join(root, 'path.txt');
  if (!existsSync(pathFile)) return false;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(root, 'dist');
  return existsSync(join(distDir, readFileSync(pathFile, 'utf8').trim()));
}

const current = existsSync(MARKER) ? JSON.parse(readFileSync(MARKER, 'utf8')) : { target: 'node' };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (target === 'node') {
  if (current.target !== 'node') {
    process.stdout.write('native-abi: rebuilding native modules for Node\n');
    execFileSync(npm, ['rebuild', ...MODULES], { stdio: 'inherit' });
  }
  mkdirSync(dirname(MARKER), { recursive: true });
  writeFileSync(MARKER, JSON.stringify({ target: 'node', version: process.versions.node }));
} else {
  if (!electronBinaryInstalled()) {
    process.stdout.write(
      'native-abi: no Electron binary installed (ELECTRON_SKIP_BINARY_DOWNLOAD?): nothing to rebuild.\n' +
        '            Install without it, on Node >= 22.12, to run the desktop app.\n',
    );
    process.exit(0);
  }
  const version = require('electron/package.json').version;
  if (current.target !== 'electron' || current.version !== version) {
    process.stdout.write(`native-abi: rebuilding native modules for Electron ${version}\n`);
    const { rebuild } = await import('@electron/rebuild');
    await rebuild({
      buildPath: process.cwd(),
      electronVersion: version,
      onlyModules: MODULES,
      force: true,
    });
  }
  mkdirSync(dirname(MARKER), { recursive: true });
  writeFileSync(MARKER, JSON.stringify({ target: 'electron', version }));
}
