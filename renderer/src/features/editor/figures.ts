import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { splitBlockAs } from '@tiptap/pm/commands';
import { TextSelection, type Command } from '@tiptap/pm/state';
import { placeBlock } from './place-block';
import { inParagraphs } from './bare-words';

// A figure is an image (or a code listing, a quote…) with its caption: what WordPress, Ghost and
// mdBook write for a captioned picture. Its anchor (`id`, which "see Figure 3" links point at) is
// kept by AnchorIds, as a heading's is.

// Marks, in the view, a figure whose content is saved in paragraphs.
const FIGURE_PARAGRAPHS = 'data-figure-paragraphs';

const Figcaption = Node.create({
  name: 'figcaption',
  content: 'inline*',
  // Enter in a caption goes on below the figure, as at the end of a heading.
  addKeyboardShortcuts() {
    return { Enter: () => leaveCaption(this.editor.state, this.editor.view.dispatch) };
  },
  parseHTML: () => [{ tag: 'figcaption' }],
  renderHTML: ({ HTMLAttributes }) => ['figcaption', HTMLAttributes, 0],
});

const Figure = Node.create({
  name: 'figure',
  group: 'block',
  // A caption above or below what it names, as HTML allows either.
  content: 'figcaption? block+ figcaption?',
  defining: true,
  addAttributes: () => ({
    // Whether the figure's content came in paragraphs (`<figure><p><img></p>`): saved so again.
    // An image the editor holds is inline, so a bare <img> sits in one while it is edited.
    paragraphs: inParagraphs(FIGURE_PARAGRAPHS),
  }),
  parseHTML: () => [{ tag: 'figure' }],
  renderHTML: ({ HTMLAttributes }) => ['figure', HTMLAttributes, 0],
  addKeyboardShortcuts() {
    // Enter in a figure's line makes another line: ProseMirror's default would make the next
    // block a caption, which a figure holds only one of below, so Enter did nothing.
    return {
      Enter: () => {
        const { state, view } = this.editor;
        const { $from } = state.selection;
        const paragraph = state.schema.nodes.paragraph;
        if (!paragraph || $from.parent.type !== paragraph || $from.depth < 2) return false;
        if ($from.node($from.depth - 1).type.name !== 'figure') return false;
        return splitBlockAs(() => ({ type: paragraph }))(state, view.dispatch);
      },
    };
  },
});

export const figureExtensions = [Figure, Figcaption];

const leaveCaption: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if ($from.parent.type.name !== 'figcaption' || !state.selection.empty) return false;
  const figure = $from.node($from.depth - 1);
  const after = $from.after($from.depth - 1);
  const paragraph = state.schema.nodes.paragraph?.create();
  if (!paragraph || figure.type.name !== 'figure') return false;
  if (dispatch) {
    const tr = state.tr.insert(after, paragraph);
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
  }
  return true;
};

/**
 * An image at the caret: in the line, or with a caption in a figure of its own after the block
 * the caret is in (a figure does not sit inside a line of text), the caret then at the caption's
 * end. In a code block the image goes on a line of its own after it: code holds no images.
 */
export function insertImage(image: { src: string; alt: string; caption: string }): Command {
  return (state, dispatch) => {
    const { image: imageType, figure, figcaption, paragraph } = state.schema.nodes;
    if (!imageType || !figure || !figcaption || !paragraph) return false;
    // No description: alt="", which says the image is decoration, not a file name to read out.
    const picture = imageType.create({ src: image.src, alt: image.alt });
    const inCode = state.selection.$from.parent.type.spec.code === true;
    if (!image.caption && !inCode) {
      dispatch?.(state.tr.replaceSelectionWith(picture).scrollIntoView());
      return true;
    }
    const node: ProseMirrorNode = image.caption
      ? figure.create(null, [
          paragraph.create(null, picture),
          figcaption.create(null, state.schema.text(image.caption)),
        ])
      : paragraph.create(null, picture);
    // The caret at the caption's (or the line's) end: Enter goes on below, and no empty line is
    // left behind to be published when the figure ends the post.
    if (dispatch) dispatch(placeBlock(state, node, image.caption ? 2 : 1).scrollIntoView());
    return true;
  };
}

/**
 * Figures as saved: the one line of a figure that came without paragraphs (a bare <img>) saved
 * without one; a line the writer added stays a paragraph. A caption emptied is left out.
 */
export function finishFigures(body: HTMLElement): void {
  for (const figure of body.querySelectorAll('figure')) {
    const lines = [...figure.children].filter((child) => child.tagName === 'P');
    const [only] = lines;
    if (!figure.hasAttribute(FIGURE_PARAGRAPHS) && lines.length === 1 && only)
      if (only.attributes.length === 0) only.replaceWith(...only.childNodes);
    figure.removeAttribute(FIGURE_PARAGRAPHS);
    for (const caption of [...figure.children])
      if (caption.tagName === 'FIGCAPTION' && caption.childNodes.length === 0) caption.remove();
  }
}
