/**
 * `run` at once, then again at most once every `ms` while calls keep coming, and never before the
 * run before has settled: a read started anew cancels the one on its way, whose answer the core
 * has worked out all the same (review P10: with reads slower than `ms`, every answer was thrown
 * away for the next), or `longest` has passed: a run that never settles does not stop every later
 * one (review P11). A call meanwhile is never dropped: it runs when the window ends.
 */
export function throttled(
  run: () => Promise<unknown> | void,
  ms: number,
  longest = Infinity,
): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cap: ReturnType<typeof setTimeout> | null = null;
  let busy = false;
  let again = false;
  let cancelled = false;
  const go = (): void => {
    busy = true;
    let ran: Promise<unknown> | void;
    try {
      ran = run();
    } catch {
      ran = undefined;
    }
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    const settled = Promise.race([
      Promise.resolve(ran).catch(() => undefined),
      new Promise<void>((resolve) => {
        if (longest !== Infinity) cap = setTimeout(resolve, longest);
      }),
    ]);
    void Promise.all([settled, waited]).then(() => {
      if (cap !== null) clearTimeout(cap);
      [timer, cap] = [null, null];
      busy = false;
      if (cancelled || !again) return;
      again = false;
      go();
    });
  };
  const call = (): void => {
    if (cancelled) return;
    if (busy) again = true;
    else go();
  };
  call.cancel = (): void => {
    cancelled = true;
    if (timer !== null) clearTimeout(timer);
    if (cap !== null) clearTimeout(cap);
  };
  return call;
}
