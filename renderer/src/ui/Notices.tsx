import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useUi, type Notice } from '../ui-store';

const SHOWN_MS = 6_000;
/** How long before its deadline a held notice asks for more time. */
export const HOLD_AHEAD_MS = 3_000;
/** After the pointer or the keyboard leaves the notices, the time they still stay. */
const AFTER_HOLD_MS = 4_000;

/**
 * When a notice goes by itself: never while held, unless the core's own deadline says so; an
 * error never, it stays until dismissed (someone who looked away must still find it).
 */
export function expiresAt(notice: Notice, heldSince: number | null, releasedAt: number): number {
  if (notice.until !== undefined) return notice.until;
  if (notice.tone === 'error') return Infinity;
  if (heldSince !== null) return Infinity;
  return Math.max(notice.shownAt + SHOWN_MS, releasedAt + AFTER_HOLD_MS);
}

/**
 * The status area: messages are announced (failures assertively) and never take focus or move the
 * caret, with one exception: the Undo that answers the writer's own Delete. A notice stays while the pointer
 * is over it or the keyboard is in it; an undo window's end is the core's, asked to wait then.
 */
export function Notices() {
  const notices = useUi((state) => state.notices);
  const dismiss = useUi((state) => state.dismiss);
  const setUntil = useUi((state) => state.setUntil);
  const [heldSince, setHeldSince] = useState<number | null>(null);
  const [releasedAt, setReleasedAt] = useState(0);
  const pointerIn = useRef(false);
  const focusIn = useRef(false);
  const region = useRef<HTMLDivElement>(null);
  const focused = useRef(new Set<number>());

  const hold = () => setHeldSince((since) => since ?? Date.now());
  const release = () => {
    if (pointerIn.current || focusIn.current) return;
    setHeldSince(null);
    setReleasedAt(Date.now());
  };

  useEffect(() => {
    const timers = notices.map((notice) => {
      const due = expiresAt(notice, heldSince, releasedAt);
      return due === Infinity ? undefined : setTimeout(() => dismiss(notice.id), due - Date.now());
    });
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, [notices, dismiss, heldSince, releasedAt]);

  // While the writer is on the notices, an offer the core can hold (Undo) is held before its
  // deadline, a window at a time: it went at 10 s with the keyboard on it (a writer's review).
  useEffect(() => {
    if (heldSince === null) return;
    const timers = notices.flatMap((notice) => {
      const { until, hold } = notice;
      if (until === undefined || !hold) return [];
      const ask = async () => {
        const later = await hold().catch(() => null);
        if (later !== null && later > until) setUntil(notice.id, later);
      };
      return [setTimeout(() => void ask(), Math.max(0, until - HOLD_AHEAD_MS - Date.now()))];
    });
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, [notices, heldSince, setUntil]);

  // A focused button that goes with its notice (Undo, Dismiss) leaves no blur React can see: the
  // hold it started must end here, or no notice would ever go again.
  useEffect(() => {
    if (!focusIn.current || region.current?.contains(document.activeElement)) return;
    focusIn.current = false;
    if (pointerIn.current) return;
    setHeldSince(null);
    setReleasedAt(Date.now());
  }, [notices]);

  useLayoutEffect(() => {
    for (const notice of notices) {
      if (!notice.focus || focused.current.has(notice.id)) continue;
      focused.current.add(notice.id);
      region.current
        ?.querySelector<HTMLButtonElement>(`[data-notice="${notice.id}"] button`)
        ?.focus();
    }
  }, [notices]);

  // The notices float over the page: the room they take is kept clear of Tab stops and added at the
  // page's end (styles.css), so whatever they cover can be reached and scrolled out from under them.
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--notices-room', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--notices-room');
    };
  }, []);

  // Closing the notice the keyboard is in: the keyboard moves to the next one (or the one before),
  // not back to the top of the screen, so a row of notices can be read and closed in turn.
  const close = (id: number) => {
    const all = [...(region.current?.querySelectorAll<HTMLElement>('[data-notice]') ?? [])];
    const index = all.findIndex((element) => element.dataset.notice === String(id));
    if (index >= 0 && all[index]?.contains(document.activeElement))
      (all[index + 1] ?? all[index - 1])?.querySelector('button')?.focus();
    dismiss(id);
  };

  const shown = (notice: Notice) => {
    const messageId = `notice-${notice.id}`;
    return (
      <div key={notice.id} data-notice={notice.id} className={`notice notice-${notice.tone}`}>
        <span id={messageId}>{notice.message}</span>
        {notice.action && (
          <button
            type="button"
            aria-describedby={messageId}
            onClick={() => {
              notice.action?.run();
              close(notice.id);
            }}
          >
            {notice.action.label}
          </button>
        )}
        <button
          type="button"
          className="ghost"
          aria-label="Dismiss"
          aria-describedby={messageId}
          onClick={() => close(notice.id)}
        >
          ×
        </button>
      </div>
    );
  };

  // Two live regions, both always there: failures are said at once, the rest when there is a pause.
  // Between them, failures already said where they stand on the page: shown, not said again.
  return (
    <div
      ref={region}
      className="notices"
      onPointerEnter={() => {
        pointerIn.current = true;
        hold();
      }}
      onPointerLeave={() => {
        pointerIn.current = false;
        release();
      }}
      onFocus={() => {
        focusIn.current = true;
        hold();
      }}
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && region.current?.contains(event.relatedTarget))
          return;
        focusIn.current = false;
        release();
      }}
    >
      <div className="notice-group" role="alert">
        {notices.filter((notice) => notice.tone === 'error' && !notice.said).map(shown)}
      </div>
      <div className="notice-group">
        {notices.filter((notice) => notice.tone === 'error' && notice.said).map(shown)}
      </div>
      <div className="notice-group" role="status" aria-live="polite">
        {notices.filter((notice) => notice.tone !== 'error').map(shown)}
      </div>
    </div>
  );
}
