import type { DiffPart } from './word-diff';

/**
 * One side of a word diff: the text both sides share, with what only this side has marked.
 * "mine" is the diff's first text (its removed runs), "theirs" the second (its added runs).
 */
export function Marked({ parts, side }: { parts: DiffPart[]; side: 'mine' | 'theirs' }) {
  return (
    <>
      {parts.map((part, i) => {
        if (part.change === 'same') return <span key={i}>{part.text}</span>;
        if (side === 'mine' && part.change === 'removed')
          return (
            <mark key={i} className="diff-mine">
              {part.text}
            </mark>
          );
        if (side === 'theirs' && part.change === 'added')
          return (
            <mark key={i} className="diff-theirs">
              {part.text}
            </mark>
          );
        return null;
      })}
    </>
  );
}
