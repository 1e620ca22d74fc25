import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Command, EditorState } from '@tiptap/pm/state';

// Centring is the one alignment writers reach for in a post (an epigraph, a caption, a closing
// line). A line is centred as its post already says so: WordPress's `has-text-align-center`
// class where the line carries WordPress's alignment classes, else `text-align: center` in its
// style. The rest of a line's class and style is left as it came.
export const CENTRE_KEYS = 'Mod-Shift-E';

const WP_ALIGN = /^has-text-align-(left|center|right|justify)$/;
const TEXT_ALIGN = /^\s*text-align\s*:/i;

/** A style's declarations, split where a semicolon is not inside parentheses (a `url(…)`). */
const declarations = (style: string): string[] =>
  style
    .split(/;(?![^(]*\))/)
    .map((part) => part.trim())
    .filter(Boolean);

const classes = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];

export function isCentred(node: ProseMirrorNode): boolean {
  if (classes(node.attrs.class).includes('has-text-align-center')) return true;
  return declarations(typeof node.attrs.style === 'string' ? node.attrs.style : '').some(
    (part) => TEXT_ALIGN.test(part) && /:\s*center\s*$/i.test(part),
  );
}

/** The class and style of a line centred, or made plain again. */
function aligned(
  node: ProseMirrorNode,
  centre: boolean,
): { class: string | null; style: string | null } {
  const kept = classes(node.attrs.class);
  const wordpress = kept.some((name) => WP_ALIGN.test(name));
  const others = kept.filter((name) => !WP_ALIGN.test(name));
  const rest = declarations(typeof node.attrs.style === 'string' ? node.attrs.style : '').filter(
    (part) => !TEXT_ALIGN.test(part),
  );
  const classList = centre && wordpress ? [...others, 'has-text-align-center'] : others;
  const styleList = centre && !wordpress ? [...rest, 'text-align: center'] : rest;
  return {
    class: classList.length ? classList.join(' ') : null,
    style: styleList.length ? styleList.join('; ') : null,
  };
}

/** The lines (paragraphs and headings) the selection touches. */
function linesIn(state: EditorState): { node: ProseMirrorNode; pos: number }[] {
  const lines: { node: ProseMirrorNode; pos: number }[] = [];
  const { from, to } = state.selection;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (node.type.name === 'paragraph' || node.type.name === 'heading') lines.push({ node, pos });
    return !node.isTextblock;
  });
  return lines;
}

/** Whether every line the selection touches is centred. */
export const linesCentred = (state: EditorState): boolean => {
  const lines = linesIn(state);
  return lines.length > 0 && lines.every(({ node }) => isCentred(node));
};

/** The lines at the selection centred; if all of them were already, made plain again. */
export const toggleCentre: Command = (state, dispatch) => {
  const lines = linesIn(state);
  if (lines.length === 0) return false;
  if (dispatch) {
    const centre = !lines.every(({ node }) => isCentred(node));
    const tr = state.tr;
    for (const { node, pos } of lines)
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...aligned(node, centre) });
    dispatch(tr);
  }
  return true;
};

export const Alignment = Extension.create({
  name: 'alignment',
  addKeyboardShortcuts() {
    return { [CENTRE_KEYS]: () => toggleCentre(this.editor.state, this.editor.view.dispatch) };
  },
});
