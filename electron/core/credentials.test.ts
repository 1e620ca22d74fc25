import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarCredentialStore } from './credentials';

// The real OS keychain: `npm test` runs under scripts/with-keyring.sh, which gives Linux a
// throwaway unlocked GNOME Keyring. A unique service name keeps runs apart.
const service = `Quire test ${randomUUID()}`;
const store = new KeytarCredentialStore(service);
const accounts: string[] = [];
const account = (): string => {
  const name = `publication-${accounts.length}`;
  accounts.push(name);
  return name;
};

afterAll(async () => {
  for (const name of accounts) await store.delete(name);
});

describe('KeytarCredentialStore (real keychain)', () => {
  it('stores, reads, replaces and deletes a token', async () => {
    const name = account();
    expect(await store.get(name)).toBeUndefined();
    await store.set(name, 'quire_first-token');
    expect(await store.get(name)).toBe('quire_first-token');
    await store.set(name, 'quire_second-tökén');
    expect(await store.get(name)).toBe('quire_second-tökén');
    expect(await store.delete(name)).toBe(true);
    expect(await store.get(name)).toBeUndefined();
    expect(await store.delete(name)).toBe(false);
  });

  it('keeps one entry per publication', async () => {
    const [a, b] = [account(), account()];
    await store.set(a, 'token-a');
    await store.set(b, 'token-b');
    expect([await store.get(a), await store.get(b)]).toEqual(['token-a', 'token-b']);
    await store.delete(a);
    expect(await store.get(b)).toBe('token-b');
  });

  it.runIf(process.platform === 'linux')(
    'says what to install when no Secret Service can be reached, and writes nothing anywhere',
    async () => {
      // A child process whose session bus points nowhere: keytar cannot reach any keychain.
      const script = `(async () => {
        const { KeytarCredentialStore } = await import('./electron/core/credentials.ts');
        try { await new KeytarCredentialStore('Quire probe').set('a', 'secret-token'); console.log('stored'); }
        catch (e) { console.log(JSON.stringify({ kind: e.kind, message: e.message })); }
      })();`;
      const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['--eval', script], {
        env: {
          ...process.env,
          DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
          DISPLAY: '',
        },
      });
      const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
      expect(result.kind).toBe('keychain-unavailable');
      expect(result.message).toContain('gnome-keyring');
      expect(result.message).not.toContain('secret-token');
    },
  );
});
