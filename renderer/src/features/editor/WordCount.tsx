import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { readingMinutes } from './fidelity';

const countWords = (editor: Editor): number =>
  editor.state.doc
    .textBetween(0, editor.state.doc.content.size, ' ', ' ')
    .split(/\s+/)
    .filter(Boolean).length;

/**
 * Its own component, so only it re-renders as the count changes. It recounts after the writer
 * pauses, not on every keystroke: counting reads the whole text, and a long post makes that dear.
 */
export function WordCount({ editor, sourceWords }: { editor: Editor; sourceWords: number | null }) {
  const [visualWords, setVisualWords] = useState(() => countWords(editor));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recount = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setVisualWords(countWords(editor)), 300);
    };
    editor.on('update', recount);
    return () => {
      clearTimeout(timer);
      editor.off('update', recount);
    };
  }, [editor]);
  const words = sourceWords ?? visualWords;
  return (
    <span className="word-count">
      {words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read
    </span>
  );
}
