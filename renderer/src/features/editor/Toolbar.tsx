import { redoDepth, undoDepth } from '@tiptap/pm/history';
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CENTRE_KEYS, linesCentred, toggleCentre } from './alignment';
import { toggleDisclosure } from './disclosures';
import { SUBSCRIPT_KEYS, SUPERSCRIPT_KEYS } from './extensions';
import { OPEN_LINK_FORM } from './link-entry';
import { sayNotNow } from './read-only-text-note';
import { EmbedForm } from './EmbedForm';
import { ImageForm } from './ImageForm';
import { LinkForm } from './LinkForm';
import { TableTools } from './TableTools';

const MAC = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** "Mod-Shift-8" as the writer's keyboard says it, and as aria-keyshortcuts wants it. */
function shortcut(keys: string): { said: string; aria: string } {
  const parts = keys.split('-');
  const said = parts
    .map((part) => (part === 'Mod' ? (MAC ? '⌘' : 'Ctrl') : part === 'Alt' && MAC ? '⌥' : part))
    .join(MAC ? '' : '+');
  const aria = ['Control', 'Meta']
    .map((mod) => parts.map((part) => (part === 'Mod' ? mod : part)).join('+'))
    .join(' ');
  return { said, aria };
}

/**
 * Formatting buttons whose pressed states come from one editor-state selector. One Tab stop: the
 * arrow keys, Home and End move along it (a roving tabindex), as in any toolbar.
 */
/** A text field of the page's own (the title, a Details field) that has the keyboard, if any. */
const fieldInFocus = (): boolean => {
  const focused = document.activeElement;
  return focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement;
};

/** Whether a text field of the page's own has the keyboard, as focus moves. */
function useFieldInFocus(): boolean {
  const [inField, setInField] = useState(false);
  useEffect(() => {
    const follow = () => setInField(fieldInFocus());
    document.addEventListener('focusin', follow);
    document.addEventListener('focusout', follow);
    return () => {
      document.removeEventListener('focusin', follow);
      document.removeEventListener('focusout', follow);
    };
  }, []);
  return inField;
}

export function Toolbar({ editor, readOnly }: { editor: Editor; readOnly: boolean }) {
  // Undo and Redo are the text's. With the title or a Details field in focus (the toolbar's
  // buttons leave the focus where it was) they are unavailable: pressed, they undid the text's
  // last steps behind the writer's back. The field's own Ctrl/Cmd+Z is the field's.
  const inField = useFieldInFocus();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      superscript: e.isActive('superscript'),
      subscript: e.isActive('subscript'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      details: e.isActive('details'),
      centred: linesCentred(e.state),
      // Asked without a dispatch, the command says whether there is a line to centre here.
      canCentre: toggleCentre(e.state),
      link: e.isActive('link'),
      // The history's depth, not can().undo(): that builds a command chain on every keystroke.
      canUndo: undoDepth(e.state) > 0,
      canRedo: redoDepth(e.state) > 0,
    }),
  });
  const chain = () => editor.chain().focus();
  const [linking, setLinking] = useState(false);
  const [tableTools, setTableTools] = useState(false);
  const [imaging, setImaging] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const tableToolsId = useId();
  const bar = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const open = () => setLinking(true);
    window.addEventListener(OPEN_LINK_FORM, open);
    return () => window.removeEventListener(OPEN_LINK_FORM, open);
  }, []);
  const buttons: {
    label: string;
    /**
     * Its accessible name when its face shows words the label lacks ("H2", "x²"): those words as
     * words in it, not in brackets, so a writer using speech can say what they see (WCAG 2.5.3).
     * The label stays the tooltip, and so the description a screen reader adds.
     */
    name?: string;
    text: string;
    active?: boolean;
    run: () => void;
    enabled?: boolean;
    /** TipTap's own shortcut for it (StarterKit's defaults), or ours for the link. */
    keys?: string;
    /** The id of the tools it shows and hides. */
    controls?: string;
  }[] = [
    {
      label: 'Bold',
      keys: 'Mod-B',
      text: 'B',
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      label: 'Italic',
      keys: 'Mod-I',
      text: 'I',
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      label: 'Underline',
      keys: 'Mod-U',
      text: 'U',
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      label: 'Strikethrough',
      keys: 'Mod-Shift-S',
      text: 'S',
      active: state.strike,
      run: () => chain().toggleStrike().run(),
    },
    {
      label: 'Inline code',
      keys: 'Mod-E',
      text: '</>',
      active: state.code,
      run: () => chain().toggleCode().run(),
    },
    {
      label: 'Superscript',
      name: 'Superscript x²',
      keys: SUPERSCRIPT_KEYS,
      text: 'x²',
      active: state.superscript,
      run: () => chain().toggleMark('superscript').run(),
    },
    {
      label: 'Subscript',
      name: 'Subscript x₂',
      keys: SUBSCRIPT_KEYS,
      text: 'x₂',
      active: state.subscript,
      run: () => chain().toggleMark('subscript').run(),
    },
    {
      label: 'Heading 2',
      name: 'H2 heading',
      keys: 'Mod-Alt-2',
      text: 'H2',
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      name: 'H3 heading',
      keys: 'Mod-Alt-3',
      text: 'H3',
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bulleted list',
      keys: 'Mod-Shift-8',
      text: '•',
      active: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      name: '1. Numbered list',
      keys: 'Mod-Shift-7',
      text: '1.',
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: 'Quote',
      keys: 'Mod-Shift-B',
      text: '❝',
      active: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      label: 'Code block',
      keys: 'Mod-Alt-C',
      text: '{ }',
      active: state.codeBlock,
      run: () => chain().toggleCodeBlock().run(),
    },
    {
      label: 'Disclosure',
      text: '▸',
      active: state.details,
      run: () =>
        chain()
          .command(({ state: s, dispatch }) => toggleDisclosure(s, dispatch))
          .run(),
    },
    {
      label: 'Centre',
      keys: CENTRE_KEYS,
      text: '≡',
      active: state.centred,
      enabled: state.canCentre,
      run: () =>
        chain()
          .command(({ state: s, dispatch }) => toggleCentre(s, dispatch))
          .run(),
    },
    {
      label: 'Table',
      text: '▦',
      controls: tableToolsId,
      run: () => setTableTools((open) => !open),
    },
    {
      label: 'Link',
      keys: 'Mod-K',
      text: 'Link',
      active: state.link,
      run: () => setLinking((open) => !open),
    },
    {
      label: 'Image',
      text: 'Image',
      run: () => setImaging((open) => !open),
    },
    {
      label: 'Embed',
      text: 'Embed',
      run: () => setEmbedding((open) => !open),
    },
    {
      label: 'Undo',
      keys: 'Mod-Z',
      text: '↶',
      run: () => chain().undo().run(),
      enabled: !inField && state.canUndo,
    },
    {
      label: 'Redo',
      keys: 'Mod-Shift-Z',
      text: '↷',
      run: () => chain().redo().run(),
      enabled: !inField && state.canRedo,
    },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (current + 1) % buttons.length
        : event.key === 'ArrowLeft'
          ? (current + last) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setCurrent(target);
    event.currentTarget.querySelectorAll('button')[target]?.focus();
  };
  return (
    <>
      <div
        ref={bar}
        className="toolbar"
        role="toolbar"
        aria-label="Formatting"
        onKeyDown={onKeyDown}
      >
        {buttons.map((button, index) => {
          const keys = button.keys ? shortcut(button.keys) : null;
          return (
            <button
              key={button.label}
              type="button"
              tabIndex={index === current ? 0 : -1}
              aria-label={button.name ?? button.label}
              title={keys ? `${button.label} (${keys.said})` : button.label}
              aria-keyshortcuts={keys?.aria}
              aria-pressed={button.active === undefined ? undefined : button.active}
              aria-controls={button.controls}
              aria-expanded={button.controls ? tableTools : undefined}
              // Focusable while unavailable: a toolbar keeps every stop where the arrows expect it.
              // While read-only (a Delete or a replaced text on its way) none is available, as the
              // header's Visual and Publish are not: shown pressable, a link "applied" went
              // nowhere, unsaid (a review of the editor's ways out).
              aria-disabled={readOnly || button.enabled === false ? 'true' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setCurrent(index)}
              onClick={() => {
                if (readOnly) sayNotNow();
                else if (button.enabled !== false) button.run();
              }}
            >
              {button.text}
            </button>
          );
        })}
      </div>
      {linking && (
        <LinkForm editor={editor} readOnly={readOnly} onClose={() => setLinking(false)} />
      )}
      {imaging && <ImageForm editor={editor} onClose={() => setImaging(false)} />}
      {embedding && <EmbedForm editor={editor} onClose={() => setEmbedding(false)} />}
      {tableTools && (
        <TableTools
          id={tableToolsId}
          editor={editor}
          readOnly={readOnly}
          onClose={() => {
            setTableTools(false);
            bar.current?.querySelector<HTMLElement>(`[aria-controls="${tableToolsId}"]`)?.focus();
          }}
        />
      )}
    </>
  );
}
