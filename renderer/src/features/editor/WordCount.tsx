import { useEditorState, type Editor } from '@tiptap/react';
import { readingMinutes } from './fidelity';

/** Its own component: only it re-renders as the count changes, never the editor host. */
export function WordCount({ editor, sourceWords }: { editor: Editor; sourceWords: number | null }) {
  const visualWords = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.state.doc.textBetween(0, e.state.doc.content.size, ' ', ' ').split(/\s+/).filter(Boolean)
        .length,
  });
  const words = sourceWords ?? visualWords;
  return (
    <span className="word-count">
      {words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read
    </span>
  );
}
