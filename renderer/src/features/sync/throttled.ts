/**
 * `run` at once, then at most once every `ms` while calls keep coming; a call in a window is never
 * dropped, it runs at the window's end. For reads a burst of the core's events asks for again and
 * again, each of which the core answers in full even when the renderer has dropped it.
 */
export function throttled(run: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let again = false;
  const windowEnds = (): void => {
    timer = null;
    if (!again) return;
    again = false;
    run();
    timer = setTimeout(windowEnds, ms);
  };
  const call = (): void => {
    if (timer !== null) {
      again = true;
      return;
    }
    run();
    timer = setTimeout(windowEnds, ms);
  };
  call.cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    again = false;
  };
  return call;
}
