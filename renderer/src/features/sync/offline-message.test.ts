import { describe, expect, it } from 'vitest';
import { offlineMessage } from './offline-message';

const review = { id: 'r', name: 'Review', active: false };
const notes = { id: 'n', name: 'Notes', active: false };
const sample = { id: 's', name: 'Local sample', active: false };
const status = (waitingFor: string[], waiting: number) => ({ online: false, waiting, waitingFor });

describe('offlineMessage', () => {
  it('says nothing while every service with work answers', () => {
    expect(offlineMessage({ online: true, waiting: 0, waitingFor: [] }, [review])).toBeNull();
    expect(offlineMessage(undefined, [review])).toBeNull();
  });

  it('says first that sync has stopped while this computer cannot write', () => {
    const full = 'The disk is full. Free some space, then save again.';
    const expected = {
      lead: 'Sync paused.',
      rest: `${full} Sync goes on by itself once this computer can save again.`,
    };
    expect(offlineMessage({ online: true, waiting: 0, waitingFor: [], stalled: full }, [])).toEqual(
      expected,
    );
    expect(offlineMessage({ ...status(['r'], 2), stalled: full }, [review])).toEqual(expected);
    expect(offlineMessage({ ...status(['r'], 2), stalled: null }, [review])?.lead).toBe(
      'Review cannot be reached.',
    );
  });

  it('is the plain offline banner when the publication on screen is the one away', () => {
    expect(offlineMessage(status(['r'], 4), [{ ...review, active: true }, sample])).toEqual({
      lead: 'Offline.',
      rest: 'You can keep writing: 4 changes saved on this computer will sync when the service is back.',
    });
  });

  it('names the publication away when another one is on screen', () => {
    expect(offlineMessage(status(['r'], 1), [review, { ...sample, active: true }])).toEqual({
      lead: 'Review cannot be reached.',
      rest: '1 change for it saved on this computer will sync when its service is back.',
    });
    expect(
      offlineMessage(status(['r', 'n'], 3), [review, notes, { ...sample, active: true }]),
    ).toEqual({
      lead: 'Review and Notes cannot be reached.',
      rest: '3 changes for them saved on this computer will sync when their services are back.',
    });
  });

  it('says apart the edits held for an Update, which the sidebar counts as unsynced too', () => {
    const held = { ...status(['r'], 1), held: 1 };
    expect(offlineMessage(held, [{ ...review, active: true }])?.rest).toBe(
      'You can keep writing: 1 change saved on this computer will sync when the service is back. 1 edit to a live post or page waits for your Update.',
    );
    expect(offlineMessage({ ...held, held: 2 }, [review, sample])?.rest).toBe(
      '1 change for it saved on this computer will sync when its service is back. 2 edits to live posts and pages wait for your Update.',
    );
  });

  // A writer's review (2026-11-24): a change the service had refused was among those that "will
  // sync when the service is back", which it will not.
  it('says apart the changes the service refused, which wait for the writer’s fix', () => {
    const refused = { ...status(['r'], 1), refused: 1 };
    expect(offlineMessage(refused, [{ ...review, active: true }])?.rest).toBe(
      'You can keep writing: 1 change saved on this computer will sync when the service is back. 1 change the service refused waits for your fix (marked “Not synced”).',
    );
    expect(offlineMessage({ ...status(['r'], 0), refused: 2 }, [review, sample])?.rest).toBe(
      '2 changes the service refused wait for your fix (marked “Not synced”).',
    );
    expect(
      offlineMessage({ ...status(['r'], 0), refused: 1 }, [{ ...review, active: true }])?.rest,
    ).toBe(
      'You can keep writing. 1 change the service refused waits for your fix (marked “Not synced”).',
    );
  });

  it('names every publication away when the one on screen is among them', () => {
    expect(offlineMessage(status(['r', 'n'], 2), [{ ...review, active: true }, notes])).toEqual({
      lead: 'Offline: Review and Notes.',
      rest: 'You can keep writing: 2 changes saved on this computer will sync when their services are back.',
    });
  });
});
