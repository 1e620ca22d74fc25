import { describe, expect, it } from 'vitest';
import {
  afterListRead,
  afterSync,
  followLive,
  forWriterOf,
  shownCounts,
  type Counts,
  type ForWriter,
  type Synced,
} from './sync-now-counts';

const n = (pending: number, mayLand = 0): Counts => ({ pending, mayLand });
/** Sync now answered with `counts`, the live view at `from` then. */
const answered = (
  from: Counts,
  counts: Counts,
  silent = false,
  forWriter: ForWriter = { held: 0, conflict: 0, refused: 0 },
): Synced => ({ from, counts, silent, forWriter, said: true, at: 1_000 });

/** The dialog's state after the live view went through `views`, and what it shows at the end. */
function through(synced: Synced, views: Counts[]) {
  let state = synced;
  for (const live of views) state = followLive(state, live);
  return shownCounts(state, views.at(-1)!);
}

describe('Remove’s counts after Sync now', () => {
  it('shows Sync now’s counts and line until the sidebar has read them again', () => {
    const synced = answered(n(2), n(1));
    expect(shownCounts(synced, n(2))).toEqual({ counts: n(1), line: synced });
    expect(through(synced, [n(2), n(1)])).toEqual({
      counts: n(1),
      line: { ...synced, from: null },
    });
  });

  it('shows the live view once it moves, and never Sync now’s counts again (review P6)', () => {
    const shown = through(answered(n(2), n(0)), [n(0), n(2)]);
    expect(shown).toEqual({ counts: n(2), line: null });
  });

  it('does not say its line again of counts come back by other ways (review P7)', () => {
    expect(through(answered(n(2), n(1), true), [n(1), n(2), n(1)])).toEqual({
      counts: n(1),
      line: null,
    });
  });

  it('follows a move straight from where it was to elsewhere', () => {
    expect(through(answered(n(2), n(1)), [n(3)])).toEqual({ counts: n(3), line: null });
  });

  it('counts Deletes that may land apart from the other changes', () => {
    const synced = answered(n(1, 1), n(1, 0));
    expect(through(synced, [n(1, 1)]).counts).toEqual(n(1, 0));
    expect(through(synced, [n(1, 0), n(1, 1)])).toEqual({ counts: n(1, 1), line: null });
  });

  it('leaves the state as it is when nothing moves (no render loop)', () => {
    const synced = answered(n(2), n(1));
    expect(followLive(synced, n(2))).toBe(synced);
    const caughtUp = followLive(synced, n(1));
    expect(followLive(caughtUp, n(1))).toBe(caughtUp);
  });

  it('with nothing synced, shows the live view alone', () => {
    expect(shownCounts(null, n(3, 1))).toEqual({ counts: n(3, 1), line: null });
  });
});

describe('Sync now’s counts and the list read after them (review P11)', () => {
  it('stand while the list agrees, or was read before the answer', () => {
    const synced = answered(n(1), n(2));
    expect(afterListRead(synced, 2, 2_000)).toBe(synced);
    expect(afterListRead(synced, 1, 500)).toBe(synced);
  });

  it('give way to the live view once a list read after them names another count', () => {
    const synced = answered(n(1), n(2));
    const after = afterListRead(synced, 1, 2_000);
    expect(shownCounts(after, n(1)).counts).toEqual(n(1));
    expect(afterListRead(after, 3, 3_000)).toBe(after);
  });
});

describe('what Sync now left', () => {
  it('says everything reached the service, or what waits and for whom', () => {
    expect(afterSync(answered(n(1), n(0)), 'Archive')).toBe(
      'Everything has reached the service: nothing is lost by removing it.',
    );
    expect(afterSync(answered(n(3), n(2), true), 'Archive')).toBe(
      'Sync now could not send everything: Archive did not answer. 2 changes are still waiting for the service.',
    );
    const mixed = { held: 1, conflict: 2, refused: 1 };
    expect(afterSync(answered(n(6), n(5), false, mixed), 'Archive')).toBe(
      'Sync now sent what it could. 1 change is still waiting for the service. 1 edit to a live post waits for your Update. 2 conflicts wait for your choice. 1 change the service refused waits for your fix.',
    );
  });

  // Review P9: a Delete in its undo window, or one a 5xx turned back, was said to wait for the
  // writer's Update, choice or fix.
  it('does not say a change waits for the writer unless one of its kind does', () => {
    expect(afterSync(answered(n(2), n(1)), 'Archive')).toBe(
      'Sync now sent what it could. 1 change is still waiting for the service.',
    );
    expect(afterSync(answered(n(2), n(2), false, { held: 2, conflict: 0, refused: 0 }), 'A')).toBe(
      'Sync now sent what it could. 2 edits to live posts wait for your Update.',
    );
  });

  it('counts each why of the list of what is left', () => {
    const list = (['held', 'delete', 'conflict', 'held', 'refused', 'new'] as const).map((why) => ({
      why,
    }));
    expect(forWriterOf(list)).toEqual({ held: 2, conflict: 1, refused: 1 });
  });
});
