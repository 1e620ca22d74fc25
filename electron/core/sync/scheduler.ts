import type { SyncEngine } from './engine';

export interface SchedulerOptions {
  engine: SyncEngine;
  /** Is anything waiting to be sent? */
  hasWork: () => boolean;
  /** A light call to the service; true when it answered. */
  probe: () => Promise<boolean>;
  /** Before a forced round, makes waiting ops due at once. */
  makeDue: () => void;
  onRound?: () => void;
  intervalMs?: number;
  debounceMs?: number;
}

/**
 * Runs the engine by itself: shortly after each save, on a timer while work is waiting, and,
 * while offline, after a light probe finds the service again.
 */
export class SyncScheduler {
  private timer?: NodeJS.Timeout;
  private debounce?: NodeJS.Timeout;
  private running = false;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.options.intervalMs ?? 5_000);
    this.timer.unref?.();
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.debounce);
    this.timer = undefined;
  }

  /** Called after a save: sync soon, once the writer pauses. */
  kick(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.round(), this.options.debounceMs ?? 400);
    this.debounce.unref?.();
  }

  async round(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.options.engine.flush();
    } finally {
      this.running = false;
      this.options.onRound?.();
    }
  }

  private async tick(): Promise<void> {
    if (!this.options.hasWork() || this.running) return;
    if (!this.options.engine.online) {
      if (!(await this.options.probe())) return;
      this.options.makeDue();
    }
    await this.round();
  }
}
