import { redoDepth, undoDepth } from '@tiptap/pm/history';
import { useEditorState, type Editor } from '@tiptap/react';
import { useState } from 'react';
import { LinkForm } from './LinkForm';

/** Formatting buttons whose pressed states come from one editor-state selector. */
export function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      // The history's depth, not can().undo(): that builds a command chain on every keystroke.
      canUndo: undoDepth(e.state) > 0,
      canRedo: redoDepth(e.state) > 0,
    }),
  });
  const chain = () => editor.chain().focus();
  const [linking, setLinking] = useState(false);
  const buttons: {
    label: string;
    text: string;
    active?: boolean;
    run: () => void;
    enabled?: boolean;
  }[] = [
    { label: 'Bold', text: 'B', active: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', text: 'I', active: state.italic, run: () => chain().toggleItalic().run() },
    {
      label: 'Underline',
      text: 'U',
      active: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      label: 'Strikethrough',
      text: 'S',
      active: state.strike,
      run: () => chain().toggleStrike().run(),
    },
    {
      label: 'Inline code',
      text: '</>',
      active: state.code,
      run: () => chain().toggleCode().run(),
    },
    {
      label: 'Heading 2',
      text: 'H2',
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      text: 'H3',
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bulleted list',
      text: '•',
      active: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      text: '1.',
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: 'Quote',
      text: '❝',
      active: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      label: 'Code block',
      text: '{ }',
      active: state.codeBlock,
      run: () => chain().toggleCodeBlock().run(),
    },
    { label: 'Link', text: 'Link', active: state.link, run: () => setLinking((open) => !open) },
    { label: 'Undo', text: '↶', run: () => chain().undo().run(), enabled: state.canUndo },
    { label: 'Redo', text: '↷', run: () => chain().redo().run(), enabled: state.canRedo },
  ];
  return (
    <>
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        {buttons.map((button) => (
          <button
            key={button.label}
            type="button"
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.active === undefined ? undefined : button.active}
            disabled={disabled || button.enabled === false}
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
          >
            {button.text}
          </button>
        ))}
      </div>
      {linking && <LinkForm editor={editor} onClose={() => setLinking(false)} />}
    </>
  );
}
