import { describe, expect, it, vi } from 'vitest';
import type { SyncEngine } from './engine';
import { SyncScheduler } from './scheduler';

// A stand-in engine: the scheduler's job is only when it calls flush, not what flush does
// (the real engine against the real server is covered in engine.test.ts and service.test.ts).
function engine(online: boolean, flushMs = 0) {
  return {
    online,
    flush: vi.fn(
      () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ done: 1, failed: 0, conflicts: 0 }), flushMs),
        ),
    ),
  } as unknown as SyncEngine & { flush: ReturnType<typeof vi.fn> };
}

describe('SyncScheduler', () => {
  it('syncs shortly after a burst of saves, once', async () => {
    const e = engine(true);
    const scheduler = new SyncScheduler({
      engine: e,
      hasWork: () => true,
      probe: async () => true,
      makeDue: () => {},
      debounceMs: 20,
    });
    for (let i = 0; i < 5; i++) scheduler.kick();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(e.flush).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });

  it('probes while offline and makes everything due once a service answers', async () => {
    const e = engine(false);
    let answers = false;
    const probe = vi.fn(async () => answers);
    const makeDue = vi.fn();
    const scheduler = new SyncScheduler({
      engine: e,
      hasWork: () => true,
      probe,
      makeDue,
      intervalMs: 10,
    });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(probe).toHaveBeenCalled();
    expect(makeDue).not.toHaveBeenCalled();
    // Rounds go on meanwhile: other publications' changes, and retries at their backoff's pace.
    expect(e.flush).toHaveBeenCalled();
    answers = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(makeDue).toHaveBeenCalled();
    await scheduler.stop();
  });

  it('keeps running rounds while a probe of a silent service is still waiting', async () => {
    const e = engine(false);
    let answer: (back: boolean) => void = () => {};
    const probe = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const makeDue = vi.fn();
    const scheduler = new SyncScheduler({
      engine: e,
      hasWork: () => true,
      probe,
      makeDue,
      intervalMs: 10,
    });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 80));
    // One probe at a time, and the rounds for everything else go on beside it.
    expect(probe).toHaveBeenCalledTimes(1);
    expect(e.flush.mock.calls.length).toBeGreaterThanOrEqual(2);
    const roundsBefore = e.flush.mock.calls.length;
    answer(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The answer sends the waiting changes at once, not at the next tick.
    expect(makeDue).toHaveBeenCalledTimes(1);
    expect(e.flush.mock.calls.length).toBeGreaterThan(roundsBefore);
    await scheduler.stop();
  });

  it('does not probe while online', async () => {
    const e = engine(true);
    const probe = vi.fn(async () => true);
    const scheduler = new SyncScheduler({
      engine: e,
      hasWork: () => true,
      probe,
      makeDue: () => {},
      intervalMs: 10,
    });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(e.flush).toHaveBeenCalled();
    expect(probe).not.toHaveBeenCalled();
    await scheduler.stop();
  });

  it('waits for the round under way when stopped, and starts nothing after', async () => {
    const e = engine(true, 80);
    const onRound = vi.fn();
    const scheduler = new SyncScheduler({
      engine: e,
      hasWork: () => true,
      probe: async () => true,
      makeDue: () => {},
      onRound,
      intervalMs: 5,
    });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await scheduler.stop();
    expect(performance.now() - started).toBeGreaterThan(30);
    const calls = e.flush.mock.calls.length;
    scheduler.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(e.flush.mock.calls.length).toBe(calls);
    expect(onRound).not.toHaveBeenCalled();
  });

  it('reports a failed round instead of leaving an unhandled rejection', async () => {
    const e = engine(true);
    e.flush.mockRejectedValueOnce(new Error('The local store failed'));
    const onError = vi.fn();
    const scheduler = new SyncScheduler({
      engine: e,
      hasWork: () => true,
      probe: async () => true,
      makeDue: () => {},
      onError,
      debounceMs: 1,
    });
    scheduler.kick();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The local store failed' }),
    );
    await scheduler.stop();
  });
});
