// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';

describe("the editor's document of a post", () => {
  // TipTap's own reading of HTML drops every text node that is only a line break.
  it('keeps a line break standing alone between two pieces of markup', () => {
    const listing = '<pre><code><span class="k">fn</span>\n<span class="k">let</span></code></pre>';
    expect(documentHtml(editorDocument(listing))).toBe(listing);
    expect(editorDocument('<p><em>a</em>\n<em>b</em></p>').textContent).toBe('a b');
  });

  it('is made safe first: no handler or script reaches it', () => {
    const html = documentHtml(
      editorDocument(
        '<p onclick="steal()">Hi<img src="x.png" onerror="steal()"></p><script>steal()</script>',
      ),
    );
    expect(html).toBe('<p>Hi<img src="x.png"></p>');
  });
});
