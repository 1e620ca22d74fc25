import { describe, expect, it } from 'vitest';
import { isBlankDraft } from './blank-draft';

describe('isBlankDraft', () => {
  it('is blank with no title and only what an emptied editor leaves', () => {
    for (const content of [
      '',
      '  ',
      '<p></p>',
      '<p><br></p>',
      '<p>&nbsp;</p>',
      '<ul><li><p></p></li></ul>',
      '<h2></h2><!-- note -->',
    ])
      expect(isBlankDraft({ title: ' ', content }), content).toBe(true);
  });

  it('is not blank with a title, any text, or anything a reader would see', () => {
    expect(isBlankDraft({ title: 'T', content: '' })).toBe(false);
    for (const content of [
      '<p>a</p>',
      '<p><img src="a.png"></p>',
      '<hr>',
      '<iframe src="https://example.com"></iframe>',
      '<table><tr><td></td></tr></table>',
    ])
      expect(isBlankDraft({ title: '', content }), content).toBe(false);
  });
});
