export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random: () => number;
}

/** Full-jitter exponential backoff: a random wait in [0, min(max, base·2^attempt)). */
export function backoffDelay(attempt: number, { baseMs, maxMs, random }: BackoffOptions): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
