// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';
import { sourceRangeOf, visualRangeOf } from './writer-place';

// A writer's review: switching between the visual editor and HTML source put the caret at the top
// of the post both ways, and a writer deep in a long post lost their paragraph.
describe('the writer’s place across a switch between the visual editor and HTML source', () => {
  /** Every caret of the visual editor inside words (a line with none has no words to find). */
  const carets = (html: string) => {
    const doc = editorDocument(html);
    const found: number[] = [];
    doc.descendants((node, pos) => {
      if (!node.isTextblock) return true;
      if (node.textContent.trim() !== '')
        for (let at = 1; at <= node.content.size + 1; at += 1) found.push(pos + at);
      return false;
    });
    return { doc, found };
  };

  it.each([
    ['paragraphs', '<p>One.</p><p>Two <em>three</em> four.</p>'],
    [
      'a heading and a list',
      '<h2>Head</h2><ul><li><p>One</p><ul><li><p>Two</p></li></ul></li></ul>',
    ],
    [
      'a quote and a listing',
      '<blockquote><p>Said.</p></blockquote><pre><code>a\n  b</code></pre>',
    ],
    ['references and breaks', '<p>Fish &amp; chips&nbsp;<br>ok &lt;3</p><p>End.</p>'],
    [
      'a link and a table',
      '<p>See <a href="https://x.test">here</a>.</p><table><tbody><tr><td><p>Cell</p></td></tr></tbody></table>',
    ],
  ])('comes back to the same caret from source, untouched (%s)', (_name, html) => {
    const { doc, found } = carets(html);
    const source = documentHtml(doc);
    for (const from of found) {
      const [at, to] = sourceRangeOf(source, doc, from, from);
      expect(to).toBe(at);
      const back = visualRangeOf(source, doc, at, at);
      expect({ from, text: doc.textBetween(0, back.from, '|') }).toEqual({
        from,
        text: doc.textBetween(0, from, '|'),
      });
      expect(back.from).toBe(from);
    }
  });

  it('puts the source caret after the same words as the visual caret', () => {
    const doc = editorDocument('<p>One.</p><p>Two three.</p>');
    const source = documentHtml(doc);
    const [at] = sourceRangeOf(source, doc, 12, 12);
    expect(source.slice(0, at)).toBe('<p>One.</p><p>Two t');
  });

  it('keeps a selected range', () => {
    const doc = editorDocument('<p>One two three.</p>');
    const source = documentHtml(doc);
    const [from, to] = sourceRangeOf(source, doc, 5, 8);
    expect(source.slice(from, to)).toBe('two');
    const back = visualRangeOf(source, doc, from, to);
    expect(doc.textBetween(back.from, back.to)).toBe('two');
  });

  describe('from a source the writer wrote', () => {
    const source = '<p>One.</p>\n\n<p>\n  Two three.\n</p>\n';
    const doc = editorDocument(source);
    const landing = (offset: number) => {
      const selection = visualRangeOf(source, doc, offset, offset);
      return `${doc.textBetween(0, selection.from, '|')}^${doc.textBetween(selection.from, doc.content.size, '|')}`;
    };

    it('lands among the same words', () => {
      expect(landing(source.indexOf('three'))).toBe('One.|Two ^three.');
    });

    it('lands at the end of a paragraph from just before its closing tag', () => {
      expect(landing(source.indexOf('</p>'))).toBe('One.^|Two three.');
    });

    it('lands at the start of the next paragraph once past a block edge', () => {
      expect(landing(source.indexOf('</p>') + 4)).toBe('One.|^Two three.');
      expect(landing(source.indexOf('Two'))).toBe('One.|^Two three.');
    });

    it('lands at the start from the top of the source, and at the end from its bottom', () => {
      expect(landing(0)).toBe('^One.|Two three.');
      expect(landing(source.length)).toBe('One.|Two three.^');
    });
  });
});
