/**
 * Serialised GET responses, dropped whole whenever the data may have changed: after each of our
 * own writes, and when SQLite's data_version says another connection (the CLI's `restore`, a
 * second server) committed. Bounded by bytes, least recently used first out.
 */
export interface CachedResponse {
  body: Buffer;
  etag?: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  /** Small derived values (list totals), valid exactly as long as the responses are. */
  private readonly facts = new Map<string, unknown>();
  private bytes = 0;
  private epoch: number;

  constructor(
    private readonly dataVersion: () => number,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    this.epoch = dataVersion();
  }

  get(key: string): CachedResponse | undefined {
    this.dropIfStale();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The data's version now: what a response read from here on is read from. */
  version(): number {
    this.dropIfStale();
    return this.epoch;
  }

  /**
   * Stores `response`, unless the data changed since `readFrom` (its `version()` before the
   * reads): built from rows another connection changed meanwhile, it was kept under the new
   * version and served stale until the next write (review S1).
   */
  set(key: string, response: CachedResponse, readFrom?: number): void {
    this.dropIfStale();
    if (readFrom !== undefined && readFrom !== this.epoch) return;
    const previous = this.entries.get(key);
    if (previous) {
      // Deleting first moves a rewritten key to the most recent end, and drops a stale body.
      this.entries.delete(key);
      this.bytes -= previous.body.length;
    }
    if (response.body.length > this.maxBytes / 4) return;
    this.entries.set(key, response);
    this.bytes += response.body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length;
    }
  }

  /**
   * A value computed from the data, kept until the data may have changed. A list's total is a
   * count over every live record; with it kept, reading page after page costs one count.
   */
  remember<T>(key: string, compute: () => T): T {
    this.dropIfStale();
    if (this.facts.has(key)) return this.facts.get(key) as T;
    const value = compute();
    // Bounded by what can be asked: one entry per publication, kind and draft filter.
    this.facts.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.facts.clear();
    this.bytes = 0;
    this.epoch = this.dataVersion();
  }

  get size(): number {
    return this.entries.size;
  }

  private dropIfStale(): void {
    if (this.dataVersion() !== this.epoch) this.clear();
  }
}
