import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type Command } from '@tiptap/pm/state';
import { inParagraphs } from './bare-words';

// Definition lists (<dl>): a glossary's terms and what they mean. Terms and descriptions in any
// order and number, as HTML allows. A <dl> that groups them in <div>s is not held: the groups'
// <div>s are not kept, and the loss of them is named (see markupLoss), so such a post opens in
// HTML source.

// Marks, in the view, a description whose words are saved in paragraphs.
const DESCRIPTION_PARAGRAPHS = 'data-description-paragraphs';

const LIST = 'definitionList';
const TERM = 'definitionTerm';
const DESCRIPTION = 'definitionDescription';

// The keys, kept few so what Enter does can be told from where the caret is:
// - at the end of a term, Enter opens a description under it (a term is one line; what it means
//   follows in the description). Elsewhere in a term it splits the term, as in any line. An
//   empty term within the list opens one too: ProseMirror's own Enter would split the list in
//   two around it.
// - in the empty last line of a description, Enter leaves the description for a new term after
//   it; an empty description (the one Enter just opened) becomes that term itself, so no empty
//   <dd> is left behind.
// - in an empty term that ends the list, Enter leaves the list: the term becomes a line after
//   it. So Enter, Enter, Enter from the end of the last term goes description, term, out, as a
//   bulleted list's items go on and out.
// Anything else (a description's other lines, lists or code inside it) is Enter as anywhere.

/** The paragraphs setting a new description takes: that of the list's first description. */
const paragraphsIn = (list: ProseMirrorNode): boolean => {
  for (let i = 0; i < list.childCount; i++)
    if (list.child(i).type.name === DESCRIPTION) return list.child(i).attrs.paragraphs === true;
  return false;
};

const enterInTerm: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const { paragraph, [DESCRIPTION]: description } = state.schema.nodes;
  if (!empty || $from.parent.type.name !== TERM || !paragraph || !description) return false;
  if ($from.parentOffset !== $from.parent.content.size) return false;
  const list = $from.node(-1);
  const after = $from.after();
  if ($from.parent.content.size === 0 && $from.index(-1) === list.childCount - 1) {
    // The empty last term: a line after the list (the whole list, if the term was all of it).
    const alone = list.childCount === 1;
    const from = alone ? $from.before(-1) : $from.before();
    const tr = state.tr.delete(from, alone ? $from.after(-1) : after);
    const at = alone ? from : tr.mapping.map($from.after(-1));
    tr.insert(at, paragraph.create());
    dispatch?.(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView());
    return true;
  }
  const node = description.createAndFill({ paragraphs: paragraphsIn(list) });
  if (!node) return false;
  if (dispatch) {
    const tr = state.tr.insert(after, node);
    // Description, paragraph: its text starts two positions in.
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 2)).scrollIntoView());
  }
  return true;
};

const enterInDescription: Command = (state, dispatch) => {
  const { $from, empty } = state.selection;
  const term = state.schema.nodes[TERM];
  if (!empty || !term || $from.depth < 2) return false;
  const line = $from.parent;
  const holder = $from.node(-1);
  if (holder.type.name !== DESCRIPTION || line.type.name !== 'paragraph') return false;
  if (line.content.size !== 0 || $from.index(-1) !== holder.childCount - 1) return false;
  if (dispatch) {
    const tr = state.tr;
    let at: number;
    if (holder.childCount === 1) {
      // An empty description: it becomes the term.
      at = $from.before(-1);
      tr.replaceWith(at, $from.after(-1), term.create());
    } else {
      tr.delete($from.before(), $from.after());
      at = tr.mapping.map($from.after(-1));
      tr.insert(at, term.create());
    }
    dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView());
  }
  return true;
};

const DefinitionList = Node.create({
  name: LIST,
  group: 'block',
  content: `(${TERM} | ${DESCRIPTION})+`,
  parseHTML: () => [{ tag: 'dl' }],
  renderHTML: ({ HTMLAttributes }) => ['dl', HTMLAttributes, 0],
});

const DefinitionTerm = Node.create({
  name: TERM,
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'dt' }],
  renderHTML: ({ HTMLAttributes }) => ['dt', HTMLAttributes, 0],
  addKeyboardShortcuts() {
    return { Enter: () => enterInTerm(this.editor.state, this.editor.view.dispatch) };
  },
});

const DefinitionDescription = Node.create({
  name: DESCRIPTION,
  content: 'block+',
  addAttributes: () => ({
    // Whether the description came with its words in paragraphs (`<dd><p>…</p></dd>`): saved
    // so again. Bare words (`<dd>…</dd>`) sit in a paragraph while edited, as a table cell's do.
    paragraphs: inParagraphs(DESCRIPTION_PARAGRAPHS),
  }),
  parseHTML: () => [{ tag: 'dd' }],
  renderHTML: ({ HTMLAttributes }) => ['dd', HTMLAttributes, 0],
  addKeyboardShortcuts() {
    return { Enter: () => enterInDescription(this.editor.state, this.editor.view.dispatch) };
  },
});

export const definitionListExtensions = [DefinitionList, DefinitionTerm, DefinitionDescription];

/**
 * Definition lists as saved: a description whose words came bare (`<dd>…</dd>`) has its plain
 * paragraphs saved as bare words again, around any list or other block it holds, unless two
 * lines now stand one after the other (bare, they would run together as one); one whose words
 * came in paragraphs keeps them.
 */
export function finishDefinitionLists(body: HTMLElement): void {
  for (const description of body.querySelectorAll('dd')) {
    if (!description.hasAttribute(DESCRIPTION_PARAGRAPHS)) {
      const blocks = [...description.children];
      const isLine = (block: Element | undefined) => block?.tagName === 'P';
      const apart = blocks.every((block, i) => !isLine(block) || !isLine(blocks[i + 1]));
      if (apart)
        for (const block of blocks)
          if (isLine(block) && block.attributes.length === 0)
            block.replaceWith(...block.childNodes);
    }
    description.removeAttribute(DESCRIPTION_PARAGRAPHS);
  }
}
