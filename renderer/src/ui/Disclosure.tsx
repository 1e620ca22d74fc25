import { useId, useState, type ReactNode } from 'react';

/**
 * A titled section that opens and closes, for the panels beside the editor.
 *
 * Not `<details>`: Chromium keeps a closed `<details>`' content behind a display lock, and while
 * any lock exists on the page its selection bookkeeping after each keystroke walks slower paths.
 * In a 100,000-character post two closed panels made that work about three times as long
 * (GetSelectionOffsets 1.4 -> 0.45 ms a key, measured in a trace). `hidden` costs nothing and
 * keeps the closed content mounted, so its uncontrolled inputs keep what the writer typed.
 */
export function Disclosure({
  title,
  className,
  children,
  onOpen,
  openWhen,
}: {
  title: string;
  className: string;
  children: ReactNode;
  /** Each time it opens: a panel whose content may have changed while closed refreshes it. */
  onOpen?: () => void;
  /** Opens it each time this turns true, e.g. when something inside needs the writer's eye. */
  openWhen?: boolean;
}) {
  const [open, setOpen] = useState(openWhen ?? false);
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  const [wasWanted, setWasWanted] = useState(openWhen);
  if (openWhen !== wasWanted) {
    setWasWanted(openWhen);
    if (openWhen) setOpen(true);
  }
  const regionId = useId();
  return (
    <section className={`disclosure ${className}`} data-open={open || undefined}>
      <h2 className="disclosure-title">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => {
            setOpen(!open);
            if (!open) onOpen?.();
          }}
        >
          <span className="disclosure-marker" aria-hidden="true" />
          {title}
        </button>
      </h2>
      <div
        id={regionId}
        role="region"
        aria-label={title}
        hidden={!open}
        className="disclosure-body"
      >
        {children}
      </div>
    </section>
  );
}
