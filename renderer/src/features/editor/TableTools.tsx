import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { sayNotNow } from './read-only-text-note';
import { tableActions } from './tables';

/**
 * The table's own tools, a row under the formatting toolbar while the writer wants them: insert a
 * table, add and delete rows and columns around the caret. Each is available only where it can
 * act (the caret in a table, or not, for "Insert table"); the caret goes back to the text after.
 */
export function TableTools({
  id,
  editor,
  readOnly,
  onClose,
}: {
  id: string;
  editor: Editor;
  /**
   * A Delete or a replaced text on its way, the tools opened before it: unavailable, and pressed,
   * said so, as the toolbar's are. Shown available, they did nothing, unsaid (review R4).
   */
  readOnly: boolean;
  onClose(): void;
}) {
  const usable = useEditorState({
    editor,
    // Asked without a dispatch, a command only says whether it would act.
    selector: ({ editor: e }) => tableActions.map(({ command }) => command(e.state)),
  });
  const [current, setCurrent] = useState(() => Math.max(0, usable.indexOf(true)));
  const tools = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened by the writer's own click or key: the tools are where they are going.
    tools.current?.querySelectorAll('button')[current]?.focus();
    // Once, on opening: later moves are the writer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      return onClose();
    }
    const count = tableActions.length;
    const target =
      event.key === 'ArrowRight'
        ? (current + 1) % count
        : event.key === 'ArrowLeft'
          ? (current + count - 1) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    setCurrent(target);
    event.currentTarget.querySelectorAll('button')[target]?.focus();
  };
  return (
    <div
      id={id}
      ref={tools}
      className="table-tools"
      role="toolbar"
      aria-label="Table"
      onKeyDown={onKeyDown}
    >
      {tableActions.map(({ label, text, command }, index) => (
        <button
          key={label}
          type="button"
          className="small"
          tabIndex={index === current ? 0 : -1}
          // The shown words are in the name ("Row above" in "Add row above"), for voice control.
          aria-label={label === text ? undefined : label}
          aria-disabled={usable[index] && !readOnly ? undefined : 'true'}
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setCurrent(index)}
          onClick={() => {
            if (readOnly) return sayNotNow();
            if (!command(editor.state, editor.view.dispatch)) return;
            editor.view.focus();
          }}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
