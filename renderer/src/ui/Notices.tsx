import { useEffect } from 'react';
import { useUi } from '../ui-store';

/**
 * The status area: messages are announced politely and never take focus or move the caret.
 * Each disappears after its time, or when dismissed.
 */
export function Notices() {
  const notices = useUi((state) => state.notices);
  const dismiss = useUi((state) => state.dismiss);
  useEffect(() => {
    const timers = notices.map((notice) =>
      setTimeout(
        () => dismiss(notice.id),
        Math.max(0, (notice.until ?? Date.now() + 6_000) - Date.now()),
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.tone}`}>
          <span>{notice.message}</span>
          {notice.action && (
            <button
              type="button"
              onClick={() => {
                notice.action?.run();
                dismiss(notice.id);
              }}
            >
              {notice.action.label}
            </button>
          )}
          <button
            type="button"
            className="ghost"
            aria-label="Dismiss"
            onClick={() => dismiss(notice.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
