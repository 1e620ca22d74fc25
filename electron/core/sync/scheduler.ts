import type { SyncEngine } from './engine';

export interface SchedulerOptions {
  engine: SyncEngine;
  /** Is anything waiting to be sent? */
  hasWork: () => boolean;
  /** Light calls to the services that did not answer; true when one answers now. */
  probe: () => Promise<boolean>;
  /** Before a forced round, makes waiting ops due at once. */
  makeDue: () => void;
  /** After each round; `succeeded` is false when it threw (its error goes to `onError` too). */
  onRound?: (succeeded: boolean) => void;
  /** A round that failed outside the engine's own error handling (the store, say). */
  onError?: (error: unknown) => void;
  intervalMs?: number;
  debounceMs?: number;
}

/**
 * Runs the engine by itself: shortly after each save, on a timer while work is waiting, and,
 * and, while offline, as soon as a light probe finds a service again.
 */
export class SyncScheduler {
  private timer?: NodeJS.Timeout;
  private debounce?: NodeJS.Timeout;
  private busy?: Promise<void>;
  private stopped = false;
  private probing = false;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(
      () => void this.guard(() => this.tick()),
      this.options.intervalMs ?? 5_000,
    );
    this.timer.unref?.();
  }

  /** No new work starts; resolves once the work under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.debounce);
    this.timer = undefined;
    await this.busy;
  }

  /** Called after a save: sync soon, once the writer pauses. */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(
      () => void this.guard(() => this.round()),
      this.options.debounceMs ?? 400,
    );
    this.debounce.unref?.();
  }

  async round(): Promise<void> {
    if (this.stopped || this.busy) return this.busy;
    this.busy = (async () => {
      let succeeded = false;
      try {
        await this.options.engine.flush();
        succeeded = true;
      } finally {
        this.busy = undefined;
        if (!this.stopped) this.options.onRound?.(succeeded);
      }
    })();
    return this.busy;
  }

  private async tick(): Promise<void> {
    if (this.stopped || !this.options.hasWork()) return;
    // A service that is back gets its waiting changes at once, not at their backoff's pace. The
    // probe runs beside the rounds: one of a service that never answers lasts until its timeout,
    // and the publications that are reachable must not wait for it.
    if (!this.options.engine.online && !this.probing) {
      this.probing = true;
      void this.guard(async () => {
        try {
          if (!(await this.options.probe()) || this.stopped) return;
          this.options.makeDue();
          // After the round under way, if any: it may have picked its ops before they were due.
          await this.busy;
          await this.round();
        } finally {
          this.probing = false;
        }
      });
    }
    if (this.busy) return;
    await this.round();
  }

  private async guard(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (!this.stopped) this.options.onError?.(error);
    }
  }
}
