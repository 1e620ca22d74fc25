// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { afterChild, typedBothWays } from '../../testing/stored-place';

// Corpus 39-blogger-classic (line 8, before "Distance:"), the same before and after c950738:
// the caret at the start of a line after Blogger's `<br />\n<br />\n`, before a bold word, is put
// before the source's line end, not after it: the letter typed there is followed by that line
// end, which shows as a space ("X Distance" where Visual has "XDistance"). The editor writes
// <strong>/<em> for <b>/<i>: the diff removes it and adds `\n<b>`; alignedAt (mode-switch-place.ts:166)
// returns between() at the removal's start, before the added line end (runStart is null there).
it('the caret after two line breaks, before "<b>Distance:</b>"', () => {
  const source =
    '<div>The walk was quieter.<br />\n<br />\n<b>Distance:</b> 7 km<br />\nWritten on the train.</div>';
  const { source: shown, visual } = typedBothWays(source, afterChild('quieter', 2));
  expect(visual).toContain('[img][img]^Distance');
  expect(shown).toBe(visual);
});

// The same cause, one break and an <i> (the editor writes <em>).
it('the caret after one line break, before "<i>Caption</i>"', () => {
  const source = '<p>Intro words<br />\n<i>Caption</i> words.</p>';
  const { source: shown, visual } = typedBothWays(source, afterChild('Intro', 1));
  expect(visual).toContain('Intro words[img]^Caption');
  expect(shown).toBe(visual);
});
