import { describe, expect, it } from 'vitest';
import { outsideMarkup } from './writer-place';

// Review R21 (fixed): outsideMarkup read a "tag" at every `<` inside a script, never skipping past
// what it had read: a script with many `<` and no `>` (`a<b&&c<d`) cost the square of its length,
// seconds a switch at 300 kB. Measured as a ratio, side by side: four times the script takes about
// four times as long when the walk is linear, sixteen when it is quadratic.
const sourceOf = (repeats: number) =>
  `<p>Intro words</p>\n<script>${'for(i=0;i<n;i++)if(a<b&&c<d)x++;'.repeat(repeats)}</script>\n<p>Last words.</p>`;

const fastest = (source: string): number => {
  let best = Infinity;
  for (let run = 0; run < 5; run += 1) {
    const start = performance.now();
    expect(outsideMarkup(source, source.length - 8)).toBe(source.length - 8);
    best = Math.min(best, performance.now() - start);
  }
  return best;
};

describe('a caret after a long inline script', () => {
  it('is found in time that grows with the script, not with its square', () => {
    const small = sourceOf(1_500);
    const large = sourceOf(6_000);
    fastest(large); // warmed up: the first run compiles the patterns
    const ratio = fastest(large) / Math.max(fastest(small), 0.05);
    expect(ratio).toBeLessThan(10);
  });
});
