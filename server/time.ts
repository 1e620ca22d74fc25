/** ISO 8601 with milliseconds and an explicit UTC offset, e.g. 2026-11-21T14:47:20.123+00:00. */
export function isoTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('Z', '+00:00');
}

export function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : isoTimestamp(epochMs);
}
