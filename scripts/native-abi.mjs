// Native modules are built for one runtime at a time. Tests run under Node; the app runs under
// Electron. This switches the build when, and only when, needed:
//   node scripts/native-abi.mjs electron   before npm start / npm run dev / npm run package
//   node scripts/native-abi.mjs node       before the tests
// Only better-sqlite3 is rebuilt: keytar is a Node-API module, one build loads in both.
// Before the electron target, the Electron binary is fetched if missing (Electron fetches it on
// first use, not at install), unless ELECTRON_SKIP_BINARY_DOWNLOAD is set (CI here).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { nativeAbiPlan } from './native-abi-plan.mjs';

const MODULES = ['better-sqlite3'];
const MARKER = 'node_modules/.cache/quire-native-abi.json';
const require = createRequire(import.meta.url);
const target = process.argv[2];
if (target !== 'node' && target !== 'electron') {
  process.stderr.write('usage: native-abi.mjs node|electron\n');
  process.exit(2);
}

const electronRoot = dirname(require.resolve('electron/package.json'));
// Looked up by hand: require('electron') starts a download when the binary is missing.
function electronInstalled() {
  const pathFile = join(electronRoot, 'path.txt');
  if (!existsSync(pathFile)) return false;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(electronRoot, 'dist');
  return existsSync(join(distDir, readFileSync(pathFile, 'utf8').trim()));
}

function loadsUnderNode() {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

let marker = null;
try {
  marker = JSON.parse(readFileSync(MARKER, 'utf8'));
} catch {
  // No marker (first run) or a damaged one: the probe decides.
}
const electronVersion = require('electron/package.json').version;
const plan = nativeAbiPlan({
  target,
  loadsUnderNode: loadsUnderNode(),
  electronInstalled: electronInstalled(),
  skipDownload: Boolean(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD),
  electronVersion,
  marker,
});
if (plan.message) process.stdout.write(`${plan.message}\n`);

if (plan.download) {
  process.stdout.write(`native-abi: downloading Electron ${electronVersion}\n`);
  const installed = spawnSync(process.execPath, [join(electronRoot, 'install.js')], {
    stdio: 'inherit',
  });
  if (installed.status !== 0 || !electronInstalled()) {
    process.stderr.write(
      `native-abi: Electron ${electronVersion} could not be downloaded (see above). It needs ` +
        'Node >= 22.12 and access to GitHub or an ELECTRON_MIRROR.\n',
    );
    process.exit(1);
  }
}

// Gone until a rebuild has finished: one cut off half way (a failed compile, Ctrl+C) left the old
// marker saying "built for Electron" over no build at all, and npm start skipped it (a review).
if (plan.rebuild) rmSync(MARKER, { force: true });

if (plan.rebuild === 'node') {
  process.stdout.write('native-abi: rebuilding native modules for Node\n');
  // npm's own script, run by this Node, when npm runs us (it says where): no shell, which
  // Windows' npm.cmd would need. Else npm from the PATH.
  const npmCli = process.env.npm_execpath;
  if (npmCli && /\.c?js$/.test(npmCli))
    execFileSync(process.execPath, [npmCli, 'rebuild', ...MODULES], { stdio: 'inherit' });
  else
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['rebuild', ...MODULES], {
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
} else if (plan.rebuild === 'electron') {
  process.stdout.write(`native-abi: rebuilding native modules for Electron ${electronVersion}\n`);
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({
    buildPath: process.cwd(),
    electronVersion,
    onlyModules: MODULES,
    force: true,
  });
}
if (plan.rebuild) {
  mkdirSync(dirname(MARKER), { recursive: true });
  writeFileSync(
    MARKER,
    JSON.stringify(
      target === 'node'
        ? { target, version: process.versions.node }
        : { target, version: electronVersion },
    ),
  );
}
