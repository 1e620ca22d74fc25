import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttled } from './throttled';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a read asked for by a burst of events', () => {
  it('does not run again before the run on its way has settled (review P10)', async () => {
    let answer = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const call = throttled(run, 250);
    call();
    call();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs at once, once more at the window’s end for the calls in it, and not again', async () => {
    const run = vi.fn();
    const call = throttled(run, 250);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) call();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs again after `longest` when the run on its way never settles (review P11)', async () => {
    const run = vi.fn(() => new Promise<void>(() => {}));
    const call = throttled(run, 250, 2_000);
    call();
    call();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never drops the last call of a long burst', async () => {
    const run = vi.fn();
    const call = throttled(run, 250);
    for (let t = 0; t < 1_000; t += 50) {
      call();
      await vi.advanceTimersByTimeAsync(50);
    }
    const during = run.mock.calls.length;
    expect(during).toBeLessThanOrEqual(5);
    call();
    await vi.advanceTimersByTimeAsync(250);
    expect(run.mock.calls.length).toBe(during + 1);
  });

  it('runs nothing once cancelled (the app unmounted)', async () => {
    const run = vi.fn();
    const call = throttled(run, 250);
    call();
    call();
    call.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
