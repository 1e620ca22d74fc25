import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * An in-page modal `<dialog>`: opened on mount with the focus on `first` (or the browser's choice),
 * the focus returned to whatever opened it on unmount, and Tab kept inside it. Chromium lets Tab
 * leave a modal dialog for the browser's own toolbar; in Quire there is nothing there to reach.
 */
export function useModal(
  dialog: RefObject<HTMLDialogElement | null>,
  first?: RefObject<HTMLElement | null>,
): { onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void } {
  useEffect(() => {
    const opener = document.activeElement;
    dialog.current?.showModal();
    first?.current?.focus();
    // The dialog leaves the DOM while open, so the browser's own focus return never runs.
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
    // Once: opening and closing are the component's mount and unmount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return {
    onKeyDown(event) {
      if (event.key !== 'Tab') return;
      const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const wrapTo = event.shiftKey
        ? at <= 0
          ? stops.at(-1)
          : undefined
        : at === stops.length - 1
          ? stops[0]
          : undefined;
      if (!wrapTo) return;
      event.preventDefault();
      wrapTo.focus();
    },
  };
}
