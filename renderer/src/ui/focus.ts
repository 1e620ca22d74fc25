/**
 * Keyboard focus across changes of screen. When the focused control leaves the page (a screen
 * replaced, a chip removed, a notice expired) the browser drops focus to <body>, and the next Tab
 * starts again from the top of the window. Each screen marks its starting point instead.
 */
export const SCREEN_START = { 'data-screen-start': '' } as const;

const isLost = () => document.activeElement === null || document.activeElement === document.body;

/** Focus the current screen's starting point, if focus has nowhere better to be. */
export function focusScreenStart({ force = false }: { force?: boolean } = {}): void {
  if (!force && !isLost()) return;
  // A screen without its own start (no publication yet, a draft still opening): the main area.
  const start =
    document.querySelector<HTMLElement>('[data-screen-start]') ??
    document.querySelector<HTMLElement>('main');
  start?.focus({ preventScroll: true });
}

export const focusIsLost = isLost;

/**
 * The net under every control that can vanish while focused. Chromium sends `focusout` when the
 * focused element is removed or disabled; once the components that meant to place the focus have
 * had their turn, whatever focus is still lost goes to the screen's start.
 */
export function installFocusRescue(doc: Document = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget !== null) return;
    const left = event.target;
    if (!(left instanceof HTMLElement)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const gone = !left.isConnected || left.matches(':disabled');
      if (gone) focusScreenStart();
    }, 50);
  };
  doc.addEventListener('focusout', onFocusOut);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('focusout', onFocusOut);
  };
}
