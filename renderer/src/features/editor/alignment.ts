import { Extension } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Command, EditorState } from '@tiptap/pm/state';

// Centring is the one alignment writers reach for in a post (an epigraph, a closing line). A
// line is centred as its post already says so: WordPress's `has-text-align-center` class where
// the line carries WordPress's alignment classes, else `text-align: center` in its style. The
// rest of a line's class and style is left as it came.
export const CENTRE_KEYS = 'Mod-Shift-E';

const WP_ALIGN = /^has-text-align-(left|center|right|justify)$/;
const TEXT_ALIGN = /^\s*text-align\s*:/i;

/** A style's declarations: split at each semicolon not inside quotes or parentheses (`url(…)`). */
function declarations(style: unknown): string[] {
  if (typeof style !== 'string') return [];
  const parts: string[] = [];
  let part = '';
  let quote = '';
  let depth = 0;
  for (const character of style) {
    if (quote) {
      if (character === quote) quote = '';
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '(') depth++;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (character === ';' && depth === 0) {
      parts.push(part);
      part = '';
      continue;
    }
    part += character;
  }
  parts.push(part);
  return parts.map((each) => each.trim()).filter(Boolean);
}

const classes = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];

/** The alignment a block sets itself (by WordPress's class, else its style), or null. */
function ownAlignment(node: ProseMirrorNode): string | null {
  const wordpress = classes(node.attrs.class)
    .map((name) => WP_ALIGN.exec(name)?.[1])
    .find(Boolean);
  if (wordpress) return wordpress;
  const declared = declarations(node.attrs.style)
    .filter((part) => TEXT_ALIGN.test(part))
    .pop();
  if (!declared) return null;
  return declared
    .replace(TEXT_ALIGN, '')
    .replace(/!\s*important\s*$/i, '')
    .trim()
    .toLowerCase();
}

/** The alignment the blocks around a position set, the nearest first, or null. */
function alignmentAround(state: EditorState, pos: number): string | null {
  const $pos = state.doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) {
    const around = ownAlignment($pos.node(depth));
    if (around !== null) return around;
  }
  return null;
}

/** Whether a line looks centred: by its own alignment, else by a block around it (a wrapper). */
const centredAt = (state: EditorState, pos: number, line: ProseMirrorNode): boolean =>
  (ownAlignment(line) ?? alignmentAround(state, pos)) === 'center';

/**
 * The class and style of a line centred, or made plain again: its own alignment taken away, and
 * set to the line's start where a block around it would centre it still.
 */
function aligned(
  node: ProseMirrorNode,
  centre: boolean,
  centredAround: boolean,
): { class: string | null; style: string | null } {
  const kept = classes(node.attrs.class);
  const wordpress = kept.some((name) => WP_ALIGN.test(name));
  const others = kept.filter((name) => !WP_ALIGN.test(name));
  const rest = declarations(node.attrs.style).filter((part) => !TEXT_ALIGN.test(part));
  const classList = centre && wordpress ? [...others, 'has-text-align-center'] : others;
  const styleList =
    centre && !wordpress
      ? [...rest, 'text-align: center']
      : !centre && centredAround
        ? [...rest, 'text-align: start']
        : rest;
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

/** Whether every line the selection touches looks centred. */
export const linesCentred = (state: EditorState): boolean => {
  const lines = linesIn(state);
  return lines.length > 0 && lines.every(({ node, pos }) => centredAt(state, pos, node));
};

/** The lines at the selection centred; if all of them already look so, made plain again. */
export const toggleCentre: Command = (state, dispatch) => {
  const lines = linesIn(state);
  if (lines.length === 0) return false;
  if (dispatch) {
    const centre = !lines.every(({ node, pos }) => centredAt(state, pos, node));
    // A step of its own in the history: Ctrl+Z undoes the centring, not the words typed before.
    const tr = closeHistory(state.tr);
    for (const { node, pos } of lines) {
      const around = alignmentAround(state, pos) === 'center';
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...aligned(node, centre, around) });
    }
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
