// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { textOf } from './word-diff';

// The words compared in the conflict view and the snapshot comparison: a table's last cell ran
// on into the next paragraph ("cellpara red and blue", a writer's review).
it('keeps the words of cells, rows and blocks apart', () => {
  expect(
    textOf('<table><tr><td>one</td><td>two</td></tr><tr><td>cell</td></tr></table><p>para red</p>'),
  ).toBe('one two \ncell \npara red');
  expect(textOf('<dl><dt>term</dt><dd>meaning</dd></dl><div>box</div>after')).toBe(
    'term\nmeaning\nbox\nafter',
  );
  expect(
    textOf('<figure><img src="x.png"><figcaption>caption</figcaption></figure><p>next</p>'),
  ).toBe('caption\nnext');
});
