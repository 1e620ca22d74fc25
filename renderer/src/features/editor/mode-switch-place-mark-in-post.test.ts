// @vitest-environment jsdom
import { Fragment, Slice } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';
import { sourcePlaceOf, visualPlaceOf } from './mode-switch-place';
import { by, typedBothWays } from '../../testing/stored-place';

// Review R14: the switch wrote U+E000 (a private-use character) as its mark and looked for the
// first one. A post that already held one (Material Icons' "error" glyph is U+E000; icon fonts
// pasted as characters) was found instead of the mark. Now the mark is one neither side holds.
const ICON = '\uE000';
const shown = (doc: ReturnType<typeof editorDocument>, from: number) => {
  const mark = doc.type.schema.text('\uE001', doc.resolve(from).marks());
  const typed = doc.replace(from, from, new Slice(Fragment.from(mark), 0, 0));
  return typed
    .textBetween(0, typed.content.size, '|')
    .replace(ICON, '[icon]')
    .replace('\uE001', '^');
};
const typedInSource = (source: string, at: number) => {
  const doc = editorDocument(`${source.slice(0, at)}\uE001${source.slice(at)}`);
  return doc.textBetween(0, doc.content.size, '|').replace(ICON, '[icon]').replace('\uE001', '^');
};

describe('a post holding U+E000 (review R14)', () => {
  const source = `<p>${ICON} Warning: back up first.</p><p>Then run the installer twice.</p>`;

  it('source → Visual: a caret in the second paragraph stays there, not at the icon', () => {
    const doc = editorDocument(source);
    expect(documentHtml(doc)).toBe(source); // the editor's own HTML: kept as it is
    const at = source.indexOf(' twice');
    const { from } = visualPlaceOf(source, doc, at, at);
    expect(shown(doc, from)).toBe(typedInSource(source, at));
    expect(shown(doc, from)).toBe('[icon] Warning: back up first.|Then run the installer^ twice.');
  });

  it('Visual → source: a caret just after the icon stays after it', () => {
    const doc = editorDocument(source);
    const from = 2; // just after the icon, in the first paragraph
    const [at] = sourcePlaceOf(source, doc, from, from);
    expect(typedInSource(source, at)).toBe(shown(doc, from));
  });

  it('Visual → source, a post as stored: a caret in the second paragraph stays in it', () => {
    const stored = `<p>${ICON} Review</p>\n<p>Rated four stars by readers.</p>\n<p>End.</p>`;
    const doc = editorDocument(stored);
    expect(documentHtml(doc)).not.toBe(stored);
    const from = doc.child(0).nodeSize + 1 + 'Rated four'.length; // after "Rated four"
    const [at] = sourcePlaceOf(stored, doc, from, from);
    expect(typedInSource(stored, at)).toBe('[icon] Review|Rated four^ stars by readers.|End.');
  });

  it('a post holding it as a reference (`&#xE000;`): source → Visual keeps the second paragraph', () => {
    const referred = source.replace(ICON, '&#xE000;');
    const doc = editorDocument(referred);
    const at = referred.indexOf(' twice');
    const { from } = visualPlaceOf(referred, doc, at, at);
    expect(shown(doc, from)).toBe('[icon] Warning: back up first.|Then run the installer^ twice.');
  });
});

// Review R15: the editor writes an attribute's `&#xE000;` as the character, and the mark was
// chosen among those the post's text did not hold: found in a link's title instead.
describe('a post holding U+E000 in an attribute, as a reference', () => {
  const titled =
    '<p>Intro words here.</p>\n<p><a href="https://x.test/" title="&#xE000; Home">Settings</a></p>\n<p>More words after.</p>';

  it('Visual → source: a caret in the third paragraph stays there', () => {
    expect(documentHtml(editorDocument(titled))).toContain('title="\uE000 Home"');
    const { source: shown, visual } = typedBothWays(titled, by('More words'));
    expect(visual).toBe('Intro words here.|Settings|More words^ after.');
    expect(shown).toBe(visual);
  });

  it('the same in an image’s alt text', () => {
    const alt = titled.replace(
      '<a href="https://x.test/" title="&#xE000; Home">Settings</a>',
      '<img src="https://x.test/i.png" alt="&#xE000; Settings">',
    );
    expect(documentHtml(editorDocument(alt))).toContain('alt="\uE000 Settings"');
    const { source: shown, visual } = typedBothWays(alt, by('More words'));
    expect(visual).toBe('Intro words here.|[img]|More words^ after.');
    expect(shown).toBe(visual);
  });
});
