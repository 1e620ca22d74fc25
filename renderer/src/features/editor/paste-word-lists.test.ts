// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';

const wrap = (inner: string) =>
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-US><!--StartFragment-->' +
  inner +
  '<!--EndFragment--></body></html>';
const item = (n: string, list: number, level: number, words: string, cls = 'MsoListParagraph') =>
  `<p class=${cls} style='margin-left:${0.5 * level}in;text-indent:-.25in;mso-list:l${list} level${level} lfo${list + 1}'>` +
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
    expect(html).toContain('<li>In cell one</li><li>In cell two</li>');
  });

  it('a list that starts at level 2 then goes to level 1', () => {
    const html = pasted(item('o', 0, 2, 'Deep') + item('·', 0, 1, 'Top'));
    expect(html).toContain('Deep');
    expect(html).toContain('Top');
  });
});
