// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';

// As Google Docs puts it on the clipboard (styles shortened to the declarations that matter).
const DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-8f1c2a7e-7fff-4d21-9a0b-1c2d3e4f5a6b">' +
  '<h2 dir="ltr" style="line-height:1.38;"><span style="font-size:16pt;font-weight:400;">Morning notes</span></h2>' +
  '<p dir="ltr" style="line-height:1.38;margin-top:0pt;">' +
  '<span style="font-size:11pt;font-weight:400;font-style:normal;text-decoration:none;vertical-align:baseline;">Plain, </span>' +
  '<span style="font-size:11pt;font-weight:700;font-style:normal;">bold</span>' +
  '<span style="font-weight:400;">, </span>' +
  '<span style="font-weight:400;font-style:italic;">italic</span>' +
  '<span style="font-weight:400;">, </span>' +
  '<span style="font-weight:400;text-decoration:underline;-webkit-text-decoration-skip:none;">underlined</span>' +
  '<span style="font-weight:400;">, a </span>' +
  '<a href="https://example.com/map" style="text-decoration:none;"><span style="color:#1155cc;font-weight:400;text-decoration:underline;">link</span></a>' +
  '<span style="font-weight:400;"> and </span>' +
  '<span style="font-weight:700;font-style:italic;">both</span></p>' +
  '<ul style="margin-top:0;"><li dir="ltr" style="list-style-type:disc;font-weight:400;" aria-level="1">' +
  '<p dir="ltr" role="presentation"><span style="font-weight:400;">one item</span></p></li></ul></b><br>';

// As Word puts a list on the clipboard: each item a paragraph, its bullet or number as text.
const WORD =
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-US><!--StartFragment-->' +
  '<p class=MsoNormal>Intro <b>bold</b><o:p></o:p></p>' +
  "<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]>First item<o:p></o:p></p>" +
  "<p class=MsoListParagraphCxSpMiddle style='margin-left:1.0in;mso-list:l0 level2 lfo1'><span style='mso-list:Ignore'>o<span style='font:7.0pt'>&nbsp;&nbsp; </span></span>Nested<o:p></o:p></p>" +
  "<p class=MsoListParagraphCxSpLast style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span>&nbsp;&nbsp;&nbsp; </span></span><![endif]>Second item<o:p></o:p></p>" +
  '<p class=MsoNormal><o:p>&nbsp;</o:p></p>' +
  "<p class=MsoListParagraph style='text-indent:-.25in;mso-list:l1 level1 lfo2'><![if !supportLists]><span>1.<span>&nbsp;&nbsp; </span></span><![endif]>Step one<o:p></o:p></p>" +
  '<p class=MsoNormal>Outro.<o:p></o:p></p><!--EndFragment--></body></html>';

describe('cleanPastedHtml', () => {
  it('makes Word’s lists lists again, its bullets and blank lines gone', () => {
    expect(visualRoundTrip(cleanPastedHtml(WORD).html)).toBe(
      '<p>Intro <strong>bold</strong></p>' +
        '<ul><li>First item<ul><li>Nested</li></ul></li><li>Second item</li></ul>' +
        '<ol><li>Step one</li></ol>' +
        '<p>Outro.</p>',
    );
  });

  it('turns a Google Docs paste into the marks it shows, not all bold', () => {
    const { html, notes } = cleanPastedHtml(DOCS);
    expect(visualRoundTrip(html)).toBe(
      '<h2>Morning notes</h2>' +
        '<p>Plain, <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, a ' +
        '<a href="https://example.com/map">link</a> and <strong><em>both</em></strong></p>' +
        '<ul><li><p>one item</p></li></ul>',
    );
    expect(notes).toEqual([]);
  });

  it('keeps bold that is bold, and drops a weight that says normal', () => {
    expect(visualRoundTrip(cleanPastedHtml('<p><b>firm</b> <strong>too</strong></p>').html)).toBe(
      '<p><strong>firm</strong> <strong>too</strong></p>',
    );
    expect(
      visualRoundTrip(
        cleanPastedHtml('<p><strong style="font-weight: 400">soft</strong></p>').html,
      ),
    ).toBe('<p>soft</p>');
  });

  it('pastes a table as a table, its styles and widths left behind, and says nothing', () => {
    // As a spreadsheet or Docs hands one over: column widths, styled cells, a paragraph per cell.
    const { html, notes } = cleanPastedHtml(
      '<table style="border:none"><colgroup><col width="120"></colgroup><tbody>' +
        '<tr style="height:21px"><td style="padding:5px"><p dir="ltr"><span style="font-weight:700">Day</span></p></td><td>Miles</td></tr>' +
        '<tr><td>Mon</td><td> 4 </td></tr></tbody></table>',
    );
    expect(visualRoundTrip(html)).toBe(
      '<table><tbody><tr><td><p><strong>Day</strong></p></td><td>Miles</td></tr>' +
        '<tr><td>Mon</td><td>4</td></tr></tbody></table>',
    );
    expect(notes).toEqual([]);
  });

  it('names what it cannot keep instead of dropping it silently', () => {
    const { html, notes } = cleanPastedHtml(
      '<p>E = mc<sup>2</sup>, <dfn>marked</dfn>, H<span style="vertical-align:sub">2</span>O</p>',
    );
    expect(notes).toEqual([
      'Pasted without <dfn>: the visual editor cannot hold it (HTML source can).',
    ]);
    // Superscript and subscript, by tag or by Docs' style, are kept.
    expect(visualRoundTrip(html)).toBe('<p>E = mc<sup>2</sup>, marked, H<sub>2</sub>O</p>');
  });

  it('drops the ids of the page copied from, and keeps the anchors the editor copied itself', () => {
    const docs = cleanPastedHtml('<h2 id="h.3znysh7">Plan</h2><p id="x">Words</p>');
    expect(docs.html).toBe('<h2>Plan</h2><p>Words</p>');
    // ProseMirror marks its own copies with data-pm-slice.
    const own = cleanPastedHtml('<h2 data-anchor-id="plan" data-pm-slice="1 1 []">Plan</h2>');
    expect(visualRoundTrip(own.html)).toBe('<h2 id="plan">Plan</h2>');
  });

  it("drops the classes of the page copied from, and keeps the ones the editor's own copy carries", () => {
    const site = cleanPastedHtml('<p class="article__para">Words <span class="hl">here</span></p>');
    expect(site).toEqual({ html: '<p>Words here</p>', notes: [] });
    const own = cleanPastedHtml('<p data-kept-class="graf" data-pm-slice="1 1 []">Words</p>');
    expect(visualRoundTrip(own.html)).toBe('<p class="graf">Words</p>');
    // A page from elsewhere says nothing in the editor's own data.
    const posing = cleanPastedHtml(
      '<p data-kept-class="x" data-kept-style="position:fixed" data-anchor-id="y">Words</p>',
    );
    expect(visualRoundTrip(posing.html)).toBe('<p>Words</p>');
    // A code listing's language is kept; Word's language on every run of words is not.
    expect(
      visualRoundTrip(
        cleanPastedHtml(
          '<pre class="x"><code class="hljs language-js">let a;</code></pre><p><span lang="EN-US">Hi</span></p>',
        ).html,
      ),
    ).toBe('<pre><code class="language-js">let a;</code></pre><p>Hi</p>');
  });

  it('makes a paste safe as the service’s HTML is, and drops the clipboard’s own comments', () => {
    const { html } = cleanPastedHtml(
      '<!--StartFragment--><p onclick="x()">Hi</p><iframe src="https://www.youtube.com/embed/abc" srcdoc="<script>x</script>" onload="x()"></iframe><!--EndFragment-->',
    );
    expect(html).toBe('<p>Hi</p><iframe src="https://www.youtube.com/embed/abc"></iframe>');
  });

  it('leaves plain HTML alone and says nothing', () => {
    const html = '<p>A <strong>bold</strong> <a href="https://example.com">link</a>.</p>';
    expect(cleanPastedHtml(html)).toEqual({ html, notes: [] });
  });
});
