import { Extension } from '@tiptap/core';
import { inParagraphs } from './bare-words';

// The editor holds a list item's words in a paragraph, so TipTap writes every item as
// `<li><p>…</p></li>`. Published, that is another list: themes give a paragraph its margins, and
// a tight list (WordPress's, Ghost's, Markdown's) comes out spaced as a loose one. An item is
// saved as it came: its words bare unless they came in paragraphs, and a new item is like the
// one it was made from.

const ITEM_PARAGRAPHS = 'data-item-paragraphs';

export const ListItemParagraphs = Extension.create({
  name: 'listItemParagraphs',
  addGlobalAttributes: () => [
    { types: ['listItem'], attributes: { paragraphs: inParagraphs(ITEM_PARAGRAPHS) } },
  ],
});

/** Items saved as they came: a tight item's line unwrapped, a loose item's left in paragraphs. */
export function finishListItems(body: HTMLElement): void {
  for (const item of body.querySelectorAll('li')) {
    const [line, ...rest] = [...item.children];
    if (
      !item.hasAttribute(ITEM_PARAGRAPHS) &&
      line?.tagName === 'P' &&
      line.attributes.length === 0 &&
      // A second line in a paragraph of its own needs the first in one too, or it reads as more.
      rest.every((element) => element.tagName !== 'P')
    )
      line.replaceWith(...line.childNodes);
    item.removeAttribute(ITEM_PARAGRAPHS);
  }
}
