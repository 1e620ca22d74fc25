import { describe, expect, it } from 'vitest';
import { holdUndoUpTo, UNDO_HELD_AT_MOST_MS } from './undo-hold';

describe('holdUndoUpTo', () => {
  it('asks for more time, never past a minute from the Delete, and none after it', async () => {
    let now = 1_000;
    let asked = 0;
    const hold = holdUndoUpTo(
      async () => (asked++, now + 10_000),
      1_000,
      () => now,
    );
    now = 8_000;
    expect(await hold()).toBe(18_000);
    now = 55_000;
    expect(await hold()).toBe(1_000 + UNDO_HELD_AT_MOST_MS);
    now = 61_000;
    expect(await hold()).toBeNull();
    expect(asked).toBe(2);
  });

  it('gives no more time when the core says it is too late', async () => {
    const hold = holdUndoUpTo(async () => {
      throw new Error('Too late to undo: the delete has been sent');
    }, Date.now());
    expect(await hold()).toBeNull();
  });
});
