/** One timed autocannon run, reduced to the figures the report uses. */
export interface Sample {
  /** Mean of autocannon's per-second request counts. */
  rps: number;
  p50: number;
  p99: number;
}

export interface ScenarioResult {
  name: string;
  bare: Sample;
  ours: Sample;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const high = sorted[middle] as number;
  return sorted.length % 2 === 1 ? high : ((sorted[middle - 1] as number) + high) / 2;
}

/** Each figure is the median over rounds, taken independently (a p99 need not come from the fastest round). */
export function aggregate(samples: readonly Sample[]): Sample {
  return {
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
  };
}

export const ratio = ({ bare, ours }: ScenarioResult): number => ours.rps / bare.rps;

export function formatTable(results: readonly ScenarioResult[]): string {
  const header = [
    'scenario',
    'bare req/s',
    'ours req/s',
    'ratio',
    'ours p50 ms',
    'ours p99 ms',
    'bare p99 ms',
  ];
  const rows = results.map((r) => [
    r.name,
    r.bare.rps.toFixed(0),
    r.ours.rps.toFixed(0),
    ratio(r).toFixed(2),
    r.ours.p50.toFixed(1),
    r.ours.p99.toFixed(1),
    r.bare.p99.toFixed(1),
  ]);
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  // Scenario names read best left-aligned; numbers line up on the right.
  const line = (cells: string[]): string =>
    cells
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

// The p99 details show bare's too: when bare misses the budget, the machine is the limit.
export interface Budget {
  label: string;
  pass: boolean;
  detail: string;
}

export function checkBudgets(
  list: ScenarioResult,
  slug: ScenarioResult,
  limits = { minListRatio: 0.5, maxP99Ms: 25 },
): Budget[] {
  const listRatio = ratio(list);
  return [
    {
      label: `list ratio ≥ ${limits.minListRatio}`,
      pass: listRatio >= limits.minListRatio,
      detail: listRatio.toFixed(2),
    },
    {
      label: `list p99 ≤ ${limits.maxP99Ms} ms`,
      pass: list.ours.p99 <= limits.maxP99Ms,
      detail: `${list.ours.p99.toFixed(1)} ms; bare ${list.bare.p99.toFixed(1)} ms`,
    },
    {
      label: `slug p99 ≤ ${limits.maxP99Ms} ms`,
      pass: slug.ours.p99 <= limits.maxP99Ms,
      detail: `${slug.ours.p99.toFixed(1)} ms; bare ${slug.bare.p99.toFixed(1)} ms`,
    },
  ];
}

export const formatBudget = ({ label, pass, detail }: Budget): string =>
  `${label}: ${pass ? 'PASS' : 'FAIL'} (${detail})`;
