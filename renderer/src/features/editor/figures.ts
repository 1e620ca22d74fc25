import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type Command } from '@tiptap/pm/state';

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
  renderHTML: () => ['figcaption', 0],
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
    paragraphs: {
      default: false,
      parseHTML: (element: HTMLElement) =>
        [...element.children].some((child) => child.tagName === 'P'),
      renderHTML: (attributes: Record<string, unknown>) =>
        attributes.paragraphs ? { [FIGURE_PARAGRAPHS]: '' } : {},
    },
  }),
  parseHTML: () => [{ tag: 'figure' }],
  renderHTML: ({ HTMLAttributes }) => ['figure', HTMLAttributes, 0],
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
 * An image at the caret: alone, or with a caption, in a figure of its own after the block the
 * caret is in (a figure does not sit inside a line of text), the caret then at the caption's end.
 */
export function insertImage(image: { src: string; alt: string; caption: string }): Command {
  return (state, dispatch) => {
    const { image: imageType, figure, figcaption, paragraph } = state.schema.nodes;
    if (!imageType || !figure || !figcaption || !paragraph) return false;
    // No description: alt="", which says the image is decoration, not a file name to read out.
    const picture = imageType.create({ src: image.src, alt: image.alt });
    if (!image.caption) {
      dispatch?.(state.tr.replaceSelectionWith(picture).scrollIntoView());
      return true;
    }
    const node: ProseMirrorNode = figure.create(null, [
      paragraph.create(null, picture),
      figcaption.create(null, state.schema.text(image.caption)),
    ]);
    if (dispatch) {
      const { $to } = state.selection;
      const tr = state.tr;
      let at: number;
      if ($to.depth === 1 && $to.parent.type === paragraph && $to.parent.content.size === 0) {
        // An empty line becomes the figure.
        at = $to.before(1);
        tr.replaceWith(at, $to.after(1), node);
      } else {
        // After the top-level block the caret is in; at the document's end if it is in none.
        at = $to.depth > 0 ? $to.after(1) : state.doc.content.size;
        tr.insert(at, node);
      }
      // The caret at the caption's end: Enter goes on below, and no empty line is left behind
      // to be published when the figure ends the post.
      const captionEnd = at + node.nodeSize - 2;
      dispatch(tr.setSelection(TextSelection.create(tr.doc, captionEnd)).scrollIntoView());
    }
    return true;
  };
}

/** Figures as saved: content that came without paragraphs (a bare <img>) saved without them. */
export function finishFigures(body: HTMLElement): void {
  for (const figure of body.querySelectorAll('figure')) {
    if (!figure.hasAttribute(FIGURE_PARAGRAPHS))
      for (const paragraph of [...figure.children])
        if (paragraph.tagName === 'P' && paragraph.attributes.length === 0)
          paragraph.replaceWith(...paragraph.childNodes);
    figure.removeAttribute(FIGURE_PARAGRAPHS);
  }
}
