import type * as KeytarModule from 'keytar';
import { QuireError } from '../../shared/errors';

/** Where publication tokens live. Nothing else in the app ever holds a token at rest. */
export interface CredentialStore {
  get(account: string): Promise<string | undefined>;
  set(account: string, token: string): Promise<void>;
  /** True when there was an entry to delete. */
  delete(account: string): Promise<boolean>;
}

type Keytar = typeof KeytarModule;

const INSTALL_HINT =
  'Quire keeps access tokens only in the system keychain and found none it could use. ' +
  'On Linux, install and unlock a Secret Service: GNOME Keyring (apt install gnome-keyring) ' +
  'or KWallet, in a desktop session with D-Bus.';

function unavailable(cause: unknown): QuireError {
  const detail = cause instanceof Error ? ` (${cause.message})` : '';
  return new QuireError(
    { kind: 'keychain-unavailable', message: `${INSTALL_HINT}${detail}` },
    { cause },
  );
}

/** The OS keychain through keytar: one entry per publication under one service name. */
export class KeytarCredentialStore implements CredentialStore {
  private keytar?: Promise<Keytar>;

  constructor(private readonly service = 'Quire') {}

  async get(account: string): Promise<string | undefined> {
    const keytar = await this.load();
    return this.guard(async () => (await keytar.getPassword(this.service, account)) ?? undefined);
  }

  async set(account: string, token: string): Promise<void> {
    const keytar = await this.load();
    await this.guard(() => keytar.setPassword(this.service, account, token));
  }

  async delete(account: string): Promise<boolean> {
    const keytar = await this.load();
    return this.guard(() => keytar.deletePassword(this.service, account));
  }

  private load(): Promise<Keytar> {
    this.keytar ??= import('keytar').then(
      (module) => ((module as { default?: Keytar }).default ?? module) as Keytar,
      (error: unknown) => {
        this.keytar = undefined;
        throw unavailable(error);
      },
    );
    return this.keytar;
  }

  // Every keytar failure means the keychain cannot be used now: never fall back to a file.
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  }
}
