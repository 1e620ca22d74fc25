// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';

const wrap = (inner: string) =>
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-US><!--StartFragment-->' +
  inner +
  '<!--EndFragment--></body></html>';
const item = (
  n: string,
  list: number,
  level: number,
  words: string,
  cls = 'MsoListParagraph',
  lfo = list + 1,
) =>
  `<p class=${cls} style='margin-left:${0.5 * level}in;text-indent:-.25in;mso-list:l${list} level${level} lfo${lfo}'>` +
  `<![if !supportLists]><span style='mso-bidi-font-family:Calibri'><span style='mso-list:Ignore'>${n}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${words}<o:p></o:p></p>`;

const pasted = (inner: string) => visualRoundTrip(cleanPastedHtml(wrap(inner)).html);

describe('Word list paste (965e939)', () => {
  it('a numbered list that goes on after a note keeps its numbers (Word: 1, 2, note, 3)', () => {
    const html = pasted(
      item('1.', 0, 1, 'Preheat the oven.') +
        item('2.', 0, 1, 'Mix the flour.') +
        "<p class=MsoNormal style='margin-left:.5in'>Tip: sift it first.<o:p></o:p></p>" +
        item('3.', 0, 1, 'Bake for 20 minutes.'),
    );
    // Step 3 must still read 3 (start="3", or the note inside item 2): not "1." again.
    expect(html).toMatch(/<ol start="3"><li>Bake|Tip: sift it first\.<\/p><\/li><li>Bake/);
  });

  it('an item’s second paragraph (MsoListParagraphCxSpMiddle, no mso-list) stays in its list', () => {
    const html = pasted(
      item('1.', 0, 1, 'First step.', 'MsoListParagraphCxSpFirst') +
        '<p class=MsoListParagraphCxSpMiddle>More about the first step.<o:p></o:p></p>' +
        item('2.', 0, 1, 'Second step.', 'MsoListParagraphCxSpLast'),
    );
    expect(html).toBe(
      '<ol><li>First step.<p>More about the first step.</p></li><li>Second step.</li></ol>',
    );
  });

  it('a list lettered (a), (b) keeps its letters, not bullets', () => {
    const html = pasted(item('(a)', 0, 1, 'Alpha') + item('(b)', 0, 1, 'Beta'));
    expect(html).toBe('<ol type="a"><li>Alpha</li><li>Beta</li></ol>');
  });

  it('a list inside a table cell', () => {
    const html = pasted(
      '<table class=MsoTableGrid><tr><td>' +
        item('·', 0, 1, 'In cell one') +
        item('·', 0, 1, 'In cell two') +
        '</td></tr></table>',
    );
    expect(html).toBe(
      '<table><tbody><tr><td><ul><li>In cell one</li><li>In cell two</li></ul></td></tr></tbody></table>',
    );
  });

  it('a list that starts at level 2 then goes to level 1', () => {
    const html = pasted(item('o', 0, 2, 'Deep') + item('·', 0, 1, 'Top'));
    // One list, not an empty bullet holding the deeper item: HTML nests a list in an item only.
    expect(html).toBe('<ul><li>Deep</li><li>Top</li></ul>');
  });

  // From a review: the number came from a running count, not from what Word printed.
  it('a list Word numbered afresh under the next heading is 1, 2 again', () => {
    const html = pasted(
      '<h2>Bread</h2>' +
        item('1.', 0, 1, 'Knead.') +
        item('2.', 0, 1, 'Bake.') +
        '<h2>Cake</h2>' +
        item('1.', 0, 1, 'Whisk.', 'MsoListParagraph', 2) +
        item('2.', 0, 1, 'Bake.', 'MsoListParagraph', 2),
    );
    expect(html).toBe(
      '<h2>Bread</h2><ol><li>Knead.</li><li>Bake.</li></ol><h2>Cake</h2><ol><li>Whisk.</li><li>Bake.</li></ol>',
    );
  });

  it('items copied from a list’s middle keep their numbers', () => {
    expect(pasted(item('5.', 0, 1, 'Five') + item('6.', 0, 1, 'Six'))).toBe(
      '<ol start="5"><li>Five</li><li>Six</li></ol>',
    );
    expect(pasted(item('c)', 0, 1, 'Third') + item('d)', 0, 1, 'Fourth'))).toBe(
      '<ol start="3" type="a"><li>Third</li><li>Fourth</li></ol>',
    );
  });

  it('a list numbered in roman numerals keeps them', () => {
    expect(pasted(item('i.', 0, 1, 'One') + item('ii.', 0, 1, 'Two'))).toBe(
      '<ol type="i"><li>One</li><li>Two</li></ol>',
    );
    expect(pasted(item('IV.', 0, 1, 'Four') + item('V.', 0, 1, 'Five'))).toBe(
      '<ol start="4" type="I"><li>Four</li><li>Five</li></ol>',
    );
  });

  // From a review: Word's blank line was kept as <p>&nbsp;</p> when wrapped in a <span>.
  it('drops Word’s blank lines wrapped in a span with a language or a font of their own', () => {
    for (const span of ['<span lang=EN-US>', `<span style='font-family:"Arial",sans-serif'>`])
      expect(
        pasted(
          `<p class=MsoNormal>${span}One.<o:p></o:p></span></p>` +
            `<p class=MsoNormal>${span}<o:p>&nbsp;</o:p></span></p>` +
            `<p class=MsoNormal>${span}Two.<o:p></o:p></span></p>`,
        ),
      ).toBe('<p>One.</p><p>Two.</p>');
  });
});
