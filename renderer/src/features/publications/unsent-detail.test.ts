import { describe, expect, it } from 'vitest';
import { unsentDetail } from './unsent-detail';

describe('the sidebar’s count of what is not on the service', () => {
  it('names edits held for Update apart from changes waiting for the service', () => {
    expect(
      [
        { pendingChanges: 0, heldEdits: 0 },
        { pendingChanges: 2, heldEdits: 0 },
        { pendingChanges: 1, heldEdits: 1 },
        { pendingChanges: 3, heldEdits: 2 },
      ].map(unsentDetail),
    ).toEqual([[], ['2 unsynced'], ['1 edit not live'], ['1 unsynced', '2 edits not live']]);
  });
});
