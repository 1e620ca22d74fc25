import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { countLine, countText, type TextCount } from './word-count';

const countWords = (editor: Editor): TextCount =>
  countText(editor.state.doc.textBetween(0, editor.state.doc.content.size, ' ', ' '));

// A recount waits for a pause this long, but a writer who never pauses sees it this often.
export const RECOUNT_PAUSE_MS = 300;
export const RECOUNT_AT_LEAST_EVERY_MS = 2000;

/**
 * Its own component, so only it re-renders as the count changes. It recounts after the writer
 * pauses, not on every keystroke: counting reads the whole text, and a long post makes that dear.
 * Typing on without a pause still has it recount every two seconds or so, never stuck at zero.
 */
export function WordCount({ editor }: { editor: Editor }) {
  const [count, setCount] = useState(() => countWords(editor));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waitingSince = 0;
    const recount = () => {
      const now = Date.now();
      if (timer !== undefined && now - waitingSince >= RECOUNT_AT_LEAST_EVERY_MS) return;
      if (timer === undefined) waitingSince = now;
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        setCount(countWords(editor));
      }, RECOUNT_PAUSE_MS);
    };
    editor.on('update', recount);
    return () => {
      clearTimeout(timer);
      editor.off('update', recount);
    };
  }, [editor]);
  return <span className="word-count">{countLine(count)}</span>;
}
