// @vitest-environment jsdom
// WordPress 6 writes a sub-list right after its item's words, framed by its own block comments:
// `<li>Beans<!-- wp:list --><ul>…</ul><!-- /wp:list --></li>`. The opener was kept among the
// words, the closer with the sub-list: a sub-list lifted out (Shift+Tab) took its closer and left
// its opener, and WordPress found its blocks unbalanced (a review).
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openEditor } from '../../testing/editor-fixture';
import { after, key } from '../../testing/editor-keys';
import { documentHtml } from './document-html';
import { visualRoundTrip } from './fidelity';

const [WORDPRESS_POST = ''] = Object.values(
  import.meta.glob<string>('./corpus/38-wordpress-block-editor.html', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/** What is wrong with a post's WordPress block comments: each opened block must be closed. */
function unbalanced(html: string): string[] {
  const stack: string[] = [];
  const wrong: string[] = [];
  for (const [, close, name, selfClosing] of html.matchAll(
    /<!-- (\/)?wp:([a-z-]+)[^>]*?(\/)?-->/g,
  )) {
    if (selfClosing) continue;
    if (!close) stack.push(name!);
    else if (stack.pop() !== name) wrong.push(`unexpected /${name}`);
  }
  return [...wrong, ...stack.map((name) => `unclosed ${name}`)];
}

const SUB_LIST =
  '<ul><!-- wp:list-item --><li>Beans<!-- wp:list --><ul><!-- wp:list-item --><li>runner</li>' +
  '<!-- /wp:list-item --></ul><!-- /wp:list --></li><!-- /wp:list-item --></ul>';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe('a WordPress sub-list written right after its item’s words', () => {
  it('is saved as it came', () => {
    expect(visualRoundTrip(SUB_LIST)).toBe(SUB_LIST);
    expect(unbalanced(WORDPRESS_POST)).toEqual([]);
    expect(unbalanced(visualRoundTrip(WORDPRESS_POST))).toEqual([]);
  });

  it('lifted out item by item (Shift+Tab) leaves the blocks balanced', () => {
    const e = (editor = openEditor(SUB_LIST));
    e.commands.setTextSelection(after(e, 'runner'));
    expect(key(e, 'Tab', true)).toBe(true);
    const saved = documentHtml(e.state.doc);
    expect(saved).toContain('<li>runner</li>');
    expect(unbalanced(saved), saved).toEqual([]);
  });

  it('in the WordPress post, lifted out whole, leaves the blocks balanced', () => {
    const e = (editor = openEditor(WORDPRESS_POST));
    e.commands.setTextSelection({ from: after(e, 'runner') - 1, to: after(e, 'broad') });
    expect(key(e, 'Tab', true)).toBe(true);
    const saved = documentHtml(e.state.doc);
    expect(saved).not.toContain('runner</li></ul>');
    expect(unbalanced(saved), saved).toEqual([]);
  });
});
