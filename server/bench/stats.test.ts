import { describe, expect, it } from 'vitest';
import {
  aggregate,
  checkBudgets,
  formatBudget,
  formatTable,
  median,
  type ScenarioResult,
} from './stats';

const scenario = (bareRps: number, oursRps: number, oursP99: number): ScenarioResult => ({
  name: 'list',
  bare: { rps: bareRps, p50: 1, p99: 2 },
  ours: { rps: oursRps, p50: 3, p99: oursP99 },
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('refuses no values rather than inventing one', () => {
    expect(() => median([])).toThrow();
  });
});

describe('aggregate', () => {
  it('takes each figure’s median independently', () => {
    const result = aggregate([
      { rps: 100, p50: 1, p99: 9 },
      { rps: 300, p50: 2, p99: 5 },
      { rps: 200, p50: 3, p99: 7 },
    ]);
    expect(result).toEqual({ rps: 200, p50: 2, p99: 7 });
  });
});

describe('checkBudgets', () => {
  it('passes at exactly the limits', () => {
    const budgets = checkBudgets(scenario(1000, 500, 25), scenario(1000, 900, 25));
    expect(budgets.map((b) => b.pass)).toEqual([true, true, true]);
    expect(budgets.map(formatBudget)).toEqual([
      'list ratio ≥ 0.5: PASS (0.50)',
      'list p99 ≤ 25 ms: PASS (25.0 ms; bare 2.0 ms)',
      'slug p99 ≤ 25 ms: PASS (25.0 ms; bare 2.0 ms)',
    ]);
  });

  it('fails each budget on its own', () => {
    const budgets = checkBudgets(scenario(1000, 499, 10), scenario(1000, 900, 26));
    expect(budgets.map((b) => b.pass)).toEqual([false, true, false]);
  });
});

describe('formatTable', () => {
  it('aligns columns and shows ours/bare as the ratio', () => {
    const lines = formatTable([scenario(2000, 1500, 12.34)]).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^scenario\s+bare req\/s\s+ours req\/s\s+ratio/);
    expect(lines[1]).toMatch(/^list\s+2000\s+1500\s+0\.75\s+3\.0\s+12\.3\s+2\.0$/);
    expect(lines[0]?.length).toBe(lines[1]?.length);
  });
});
