// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAutosave, type Autosave } from './autosave';
import { useSaveBeforeClose } from './save-before-close';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Host({ autosave, notify }: { autosave: Autosave; notify: (n: unknown) => void }) {
  useSaveBeforeClose(autosave, notify);
  return null;
}

const close = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};
const fields = { title: 'Late', content: '<p>words</p>' };

describe('useSaveBeforeClose', () => {
  it('lets a close through when everything is saved', () => {
    render(<Host autosave={createAutosave(async () => {})} notify={() => {}} />);
    expect(close()).toBe(false);
  });

  it('holds a close until unsaved words are saved, then closes the window itself', async () => {
    const saved: unknown[] = [];
    const autosave = createAutosave(async (f) => void saved.push(f), 60_000);
    const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});
    render(<Host autosave={autosave} notify={() => {}} />);
    autosave.schedule(fields);
    expect(close()).toBe(true);
    await waitFor(() => expect(closeWindow).toHaveBeenCalledOnce());
    expect(saved).toEqual([fields]);
    expect(close()).toBe(false);
  });

  // A save that fails (a full disk) stands in for the store here: the hook only sees the failure.
  it('says when the save fails, and lets the next close through', async () => {
    const autosave = createAutosave(async () => {
      throw new Error('The disk is full');
    }, 60_000);
    const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});
    const notify = vi.fn();
    render(<Host autosave={autosave} notify={notify} />);
    autosave.schedule(fields);
    expect(close()).toBe(true);
    await waitFor(() => expect(notify).toHaveBeenCalledOnce());
    expect(notify.mock.calls[0]![0]).toMatchObject({
      tone: 'error',
      message: 'Your last changes are not saved. The disk is full. Close again to close anyway.',
    });
    expect(closeWindow).not.toHaveBeenCalled();
    expect(close()).toBe(false);
  });
});
