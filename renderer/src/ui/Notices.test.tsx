// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUi, withRoomForOneMore, type Notice } from '../ui-store';
import { expiresAt, Notices } from './Notices';

afterEach(() => {
  cleanup();
  useUi.setState({ notices: [] });
});

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 1,
  tone: 'info',
  message: 'Saved.',
  shownAt: 1_000,
  ...over,
});

describe('expiresAt', () => {
  it('gives a notice its time, none while held, and some more once let go', () => {
    expect(expiresAt(notice(), null, 0)).toBe(7_000);
    expect(expiresAt(notice(), 5_000, 0)).toBe(Infinity);
    // Let go at 20 s, long after its 6 s: it still stays 4 s more.
    expect(expiresAt(notice(), null, 20_000)).toBe(24_000);
  });

  it('keeps a failure until it is dismissed', () => {
    expect(expiresAt(notice({ tone: 'error' }), null, 0)).toBe(Infinity);
    expect(expiresAt(notice({ tone: 'error' }), null, 20_000)).toBe(Infinity);
  });

  it('keeps the core’s deadline whatever holds it: an undo window cannot wait', () => {
    expect(expiresAt(notice({ until: 11_000 }), 5_000, 0)).toBe(11_000);
    expect(expiresAt(notice({ until: 11_000 }), null, 20_000)).toBe(11_000);
  });
});

describe('withRoomForOneMore', () => {
  it('lets the oldest passing notices go first, never a failure or a live Undo', () => {
    const undo = notice({ id: 1, action: { label: 'Undo', run: () => {} }, until: 11_000 });
    const failed = notice({ id: 2, tone: 'error', message: 'Not saved.' });
    const infos = [3, 4, 5].map((id) => notice({ id }));
    expect(withRoomForOneMore([undo, failed, ...infos]).map((n) => n.id)).toEqual([1, 2, 5]);
    expect(withRoomForOneMore(infos).map((n) => n.id)).toEqual([3, 4, 5]);
    // Only failures and offers: all stay, and the stack grows rather than losing one.
    const kept = [undo, failed, { ...failed, id: 6 }, { ...failed, id: 7 }];
    expect(withRoomForOneMore(kept)).toEqual(kept);

    // Through the store, as the app calls it.
    const { notify } = useUi.getState();
    notify({ tone: 'info', message: 'Deleted.', action: { label: 'Undo', run: () => {} } });
    notify({ tone: 'error', message: 'Not saved: the disk is full.' });
    for (const n of [1, 2, 3, 4, 5]) notify({ tone: 'info', message: `Note ${n}.` });
    expect(useUi.getState().notices.map((n) => n.message)).toEqual([
      'Deleted.',
      'Not saved: the disk is full.',
      'Note 4.',
      'Note 5.',
    ]);
  });
});

describe('Notices', () => {
  it('keeps one notice a subject: a newer one about the same thing replaces the older', () => {
    render(<Notices />);
    act(() => {
      const { notify } = useUi.getState();
      notify({ tone: 'error', message: 'Changed on Journal too.', about: 'conflict:d' });
      notify({ tone: 'info', message: 'Saved.' });
      notify({ tone: 'error', message: 'Not published yet.', about: 'conflict:d' });
      notify({ tone: 'error', message: 'Changed on Journal too.', about: 'conflict:e' });
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Not published yet.×Changed on Journal too.×',
    );
    expect(screen.getByRole('status').textContent).toBe('Saved.×');
  });

  it('shows the same words once: said again, they move to the end and start their time again', () => {
    render(<Notices />);
    act(() => {
      const { notify } = useUi.getState();
      notify({ tone: 'info', message: 'Opened in HTML source.' });
      notify({ tone: 'info', message: 'Published.' });
      notify({ tone: 'info', message: 'Opened in HTML source.' });
    });
    expect(screen.getByRole('status').textContent).toBe('Published.×Opened in HTML source.×');
    // An offer is its own: two deletes keep two Undo buttons.
    act(() => {
      const undo = { label: 'Undo', run: () => undefined };
      useUi.getState().notify({ tone: 'info', message: 'Deleted “A”.', action: undo });
      useUi.getState().notify({ tone: 'info', message: 'Deleted “A”.', action: undo });
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Published.×Opened in HTML source.×Deleted “A”.Undo×Deleted “A”.Undo×',
    );
  });

  // Review R10: a refusal's line above the title says it aloud; the notice that shows it while
  // the line is out of sight said it a second time.
  it('says a failure aloud at once, unless it was said already where it stands', () => {
    useUi.setState({
      notices: [
        notice({ id: 1, tone: 'error', message: 'Not saved: the disk is full.' }),
        notice({ id: 2, tone: 'error', message: 'Not synced: refused.', said: true }),
        notice({ id: 3, message: 'Saved.' }),
      ],
    });
    render(<Notices />);
    expect(screen.getByRole('alert').textContent).toContain('Not saved: the disk is full.');
    expect(screen.getByRole('alert').textContent).not.toContain('Not synced');
    expect(screen.getByRole('status').textContent).not.toContain('Not synced');
    const shown = screen.getByText('Not synced: refused.');
    expect(shown.closest('.notice-error')).not.toBeNull();
    expect(shown.closest('[aria-live], [role="alert"], [role="status"]')).toBeNull();
    expect(within(shown.closest('.notice')!).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('takes the focus only for a notice that asks, and names each button by its message', async () => {
    render(<Notices />);
    act(() => {
      useUi.getState().notify({ tone: 'info', message: 'Published.' });
    });
    expect(document.activeElement).toBe(document.body);
    act(() => {
      useUi.getState().notify({
        tone: 'info',
        message: 'Deleted “Walks”.',
        focus: true,
        until: Date.now() + 10_000,
        action: { label: 'Undo', run: () => {} },
      });
    });
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(document.activeElement).toBe(undo);
    expect(undo.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(undo.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Deleted “Walks”.',
    );
    // A failure is said at once, in its own region; the rest wait for a pause.
    act(() => {
      useUi.getState().notify({ tone: 'error', message: 'Not published: refused.' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Not published: refused.');
    expect(screen.getByRole('status').textContent).not.toContain('Not published');
    await userEvent
      .setup()
      .click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    const dismissals = screen.getAllByRole('button', { name: 'Dismiss' });
    expect(dismissals).toHaveLength(2);
    await userEvent.setup().click(dismissals[0]!);
    expect(screen.queryByText('Published.')).toBeNull();
    expect(screen.getByText('Deleted “Walks”.')).toBeTruthy();
  });

  it('moves the keyboard to the next notice, or the one before, when the focused one is closed', async () => {
    render(<Notices />);
    act(() => {
      useUi.getState().notify({ tone: 'error', message: 'Not synced: refused.' });
      useUi.getState().notify({ tone: 'info', message: 'Published.' });
      useUi.getState().notify({ tone: 'info', message: 'Saved.' });
    });
    const user = userEvent.setup();
    const dismissOf = (message: string) =>
      screen.getByText(message).parentElement!.querySelector('button')!;
    dismissOf('Not synced: refused.').focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Not synced: refused.')).toBeNull();
    expect(document.activeElement).toBe(dismissOf('Published.'));
    dismissOf('Saved.').focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(dismissOf('Published.'));
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Published.')).toBeNull();
    // The last one gone: focus leaves the notices (the screen's start takes it, see focus.ts).
    expect(document.activeElement).toBe(document.body);
  });

  it('lets notices go again after the focused Undo went with its notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Notices />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      act(() => {
        useUi.getState().notify({
          tone: 'info',
          message: 'Deleted “Walks”.',
          focus: true,
          until: Date.now() + 10_000,
          action: { label: 'Undo', run: () => {} },
        });
      });
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
      await user.keyboard('{Enter}');
      expect(screen.queryByText('Deleted “Walks”.')).toBeNull();
      act(() => {
        useUi.getState().notify({ tone: 'info', message: 'Published.' });
      });
      act(() => {
        vi.advanceTimersByTime(11_000);
      });
      expect(screen.queryByText('Published.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
  it('asks the core for more time while the keyboard is on an Undo, and none once it has left', async () => {
    // A writer reading the notice, or reaching Undo by keyboard, lost it at 10 s (WCAG 2.2.1).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Notices />);
      const asked: number[] = [];
      const hold = async () => {
        asked.push(Date.now());
        return Date.now() + 10_000;
      };
      const start = Date.now();
      act(() => {
        useUi.getState().notify({
          tone: 'info',
          message: 'Deleted “Walks”.',
          focus: true,
          until: start + 10_000,
          action: { label: 'Undo', run: () => {} },
          hold,
        });
      });
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
      // Asked 3 s before the end (the core answers at once), then past the first deadline.
      await act(async () => void vi.advanceTimersByTime(8_000));
      await act(async () => void vi.advanceTimersByTime(4_000));
      expect(asked).toHaveLength(1);
      expect(screen.getByText('Deleted “Walks”.')).toBeTruthy();
      // Left: not asked again, and gone at the deadline it was given.
      act(() => (document.activeElement as HTMLElement).blur());
      await act(async () => void vi.advanceTimersByTime(6_000));
      expect(screen.queryByText('Deleted “Walks”.')).toBeNull();
      expect(asked).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never asks for more time for an Undo nobody is on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Notices />);
      const hold = vi.fn(async () => Date.now() + 10_000);
      act(() => {
        useUi.getState().notify({
          tone: 'info',
          message: 'Deleted “Walks”.',
          until: Date.now() + 10_000,
          action: { label: 'Undo', run: () => {} },
          hold,
        });
      });
      await act(async () => void vi.advanceTimersByTime(11_000));
      expect(screen.queryByText('Deleted “Walks”.')).toBeNull();
      expect(hold).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
