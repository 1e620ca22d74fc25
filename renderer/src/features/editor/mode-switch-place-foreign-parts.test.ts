import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { afterWords, typedBothWays } from '../../testing/stored-place';

// Review R23 (fixed): an inline svg or math ends at its own close even inside a part of it that
// holds HTML, and an svg's <title> is such a part, not an HTML title read whole.

interface Case {
  name: string;
  source: string;
  /** The document's text, "^" where a letter typed in Visual after `after` shows. */
  text: string;
  after?: string;
}

/** The editor's own parse, then typedBothWays, as mode-switch-place-foreign-content.test.ts. */
const checkCases = (title: string, cases: Case[]) =>
  describe(title, () => {
    for (const { name, source, text, after = 'then' } of cases) {
      describe(name, () => {
        it('the editor (its own parse) shows this text', () => {
          const doc = editorDocument(source);
          expect(doc.textBetween(0, doc.content.size, '|')).toBe(text.replace('^', ''));
        });
        it(`a letter typed in Visual after "${after}" lands after "${after}" in source`, () => {
          const { source: shown, visual } = typedBothWays(source, afterWords(after));
          expect(visual).toBe(text);
          expect(shown).toBe(visual);
        });
      });
    }
  });

// @vitest-environment jsdom

// REGRESSION of 44cf428 (correct at 44cf428^). writer-place.ts:95 counts a HOLDS_HTML part
// (<desc>, <mi>) open and only its own close tag takes it back (:95), so while `holding > 0` the
// svg's/math's own close is never looked at (:85): an unclosed <desc>/<mi> reads the svg/math on
// to the post's end. The parser ends it at `</svg>`/`</math>` (foreign "any other end tag" walks
// up the stack). Likewise an unclosed svg <title>: unitEnd's TAG (:51) reads `<title>` whole to a
// `</title>` or the end of the post, though inside an svg it is no raw-text element.
const tail = ' then the words.</p>\n<p>Last words.</p>';
checkCases('an unclosed part of an svg/math ends with its svg/math', [
  {
    name: 'svg <desc> unclosed',
    source: `<p>Icon <svg><desc>Home</svg>${tail}`,
    text: 'Icon then^ the words.|Last words.',
  },
  {
    name: 'math <mi> unclosed',
    source: `<p>Let <math><mi>x</math>${tail}`,
    text: 'Let then^ the words.|Last words.',
  },
  {
    name: 'svg <title> unclosed',
    source: `<p>Icon <svg><title>Home</svg>${tail}`,
    text: 'Icon then^ the words.|Last words.',
  },
  {
    name: 'svg <desc> unclosed, caret in the next paragraph',
    source: `<p>Icon <svg><desc>Home</svg>${tail}`,
    text: 'Icon then the words.|Last^ words.',
    after: 'Last',
  },
]);

// @vitest-environment jsdom

// REGRESSION of 44cf428 (correct at 44cf428^). With `holding > 0` (writer-place.ts:85, :95) the
// svg's close is skipped, but the parser takes `</svg>` while the current node is the
// <foreignObject> itself (or a foreign element in it, e.g. a nested svg a <p> broke out of): its
// end tag is processed by the foreign-content rules and pops to the outer <svg>. The words after it
// are the paragraph's; the code reads them as the svg's, to the later `</svg>`.
checkCases('an </svg> while a foreignObject is the current node', [
  {
    name: 'an empty foreignObject left open',
    source:
      '<p>Flow <svg><foreignObject></svg> then the words.</foreignObject></p>\n<p>Last words.</p>',
    text: 'Flow then^ the words.|Last words.',
  },
  {
    name: 'an svg nested in a foreignObject, which a <p> broke out of',
    source:
      '<p>Flow <svg><foreignObject><svg><p>x</p></svg> then the words.</foreignObject></svg></p>\n<p>Last words.</p>',
    text: 'Flow then^ the words.|Last words.',
  },
]);
