import type { DraftFieldsView } from '../../../../shared/model';

export type SaveState =
  { kind: 'saved' } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'error'; message: string };

/** The fields, or a way to read them when the save happens (so a long text is serialised once). */
export type FieldsSource = DraftFieldsView | (() => DraftFieldsView);

export interface Autosave {
  /** Remember the latest fields; they are saved once the writer pauses. */
  schedule(fields: FieldsSource): void;
  /** Save now (Ctrl/Cmd+S, closing the editor, publishing). */
  flush(): Promise<void>;
  subscribe(listener: () => void): () => void;
  state(): SaveState;
  /** The newest fields handed to schedule(), saved or not. */
  lastFields(): DraftFieldsView | undefined;
  /**
   * Forget what is not saved yet: the writer chose to leave without it, or the stored text was
   * replaced (a restore), and a late save would write the old words over the new.
   */
  drop(): void;
}

const PENDING: SaveState = { kind: 'pending' };

/**
 * Debounced saving to the local store. Saves never overlap and never block typing; a failed save
 * keeps the fields and is retried by the next change or flush, so no words are dropped.
 */
export function createAutosave(
  save: (fields: DraftFieldsView) => Promise<unknown>,
  delayMs = 700,
  /** A writer who never pauses is saved this often: a crash loses no more than this of typing. */
  maxWaitMs = 5_000,
): Autosave {
  let latest: FieldsSource | null = null;
  let newest: DraftFieldsView | undefined;
  const read = (source: FieldsSource): DraftFieldsView =>
    typeof source === 'function' ? source() : source;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let current: SaveState = { kind: 'saved' };
  const listeners = new Set<() => void>();
  const set = (next: SaveState): void => {
    current = next;
    listeners.forEach((listener) => listener());
  };

  const failed = (error: unknown): void =>
    set({ kind: 'error', message: error instanceof Error ? error.message : 'Not saved' });
  /** Resolves a lazy text now; false when it cannot be read (then nothing is saved). */
  const resolveLatest = (): boolean => {
    if (typeof latest !== 'function') return true;
    try {
      latest = latest();
      newest = latest;
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };

  const run = (): Promise<void> => {
    clearTimeout(timer);
    clearTimeout(deadline);
    deadline = undefined;
    // Read when asked, not once the save ahead of it returns: by then the editor whose text this
    // is may be gone (closing destroys it), and reading it would throw the last words away.
    if (!resolveLatest()) return running;
    running = running.then(async () => {
      if (!latest || !resolveLatest() || !latest) return;
      const fields = read(latest);
      newest = fields;
      latest = null;
      set({ kind: 'saving' });
      try {
        await save(fields);
        set(latest ? PENDING : { kind: 'saved' });
      } catch (error) {
        // Keep what failed unless something newer replaced it.
        latest ??= fields;
        failed(error);
      }
    });
    return running;
  };

  return {
    schedule(fields) {
      latest = fields;
      if (typeof fields !== 'function') newest = fields;
      // Every keystroke lands here: only a change of state may wake the listeners (React).
      if (current.kind !== 'pending') set(PENDING);
      clearTimeout(timer);
      timer = setTimeout(() => void run(), delayMs);
      deadline ??= setTimeout(() => void run(), maxWaitMs);
    },
    flush: () => (latest ? run() : running),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => current,
    lastFields: () => newest,
    drop() {
      clearTimeout(timer);
      clearTimeout(deadline);
      deadline = undefined;
      latest = null;
      if (current.kind !== 'saving') set({ kind: 'saved' });
    },
  };
}
