import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Packaging cannot run here (no Electron binary), so its security settings are checked as
// written. From a security review: with Electron's default fuses, any program of the user could
// run the signed Quire binary as Node (ELECTRON_RUN_AS_NODE=1) and read every token it trusts.
const config = readFileSync(new URL('../electron-builder.yml', import.meta.url), 'utf8');

function fuses(): Record<string, string> {
  const section = /^electronFuses:\n((?:[ \t]+.*\n)+)/m.exec(config)?.[1] ?? '';
  return Object.fromEntries(
    [...section.matchAll(/^\s+(\w+):\s*(\w+)/gm)].map(([, name, value]) => [name!, value!]),
  );
}

describe('the packaged app’s Electron fuses', () => {
  it('turn off every way to run the signed binary as something other than Quire', () => {
    expect(fuses()).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      onlyLoadAppFromAsar: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    });
  });
});
