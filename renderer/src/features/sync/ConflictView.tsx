import type { DraftFieldsView } from '../../../../shared/model';
import { textOf, wordDiff, type DiffPart } from './word-diff';

export type Resolution = 'mine' | 'theirs' | 'both';

interface Props {
  kind: 'post' | 'page';
  mine: DraftFieldsView;
  theirs: DraftFieldsView & { updatedAt: string; gone: boolean };
  publicationName: string;
  busy?: boolean;
  onResolve(resolution: Resolution): void;
}

function Marked({ parts, side }: { parts: DiffPart[]; side: 'mine' | 'theirs' }) {
  return (
    <>
      {parts.map((part, i) => {
        if (part.change === 'same') return <span key={i}>{part.text}</span>;
        // Mine shows what only I have (removed in theirs); theirs shows what only they have.
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

/** Mine and theirs side by side, differences marked; the writer keeps mine, theirs, or both. */
export function ConflictView({ kind, mine, theirs, publicationName, busy, onResolve }: Props) {
  const titleParts = wordDiff(mine.title, theirs.title);
  const bodyParts = wordDiff(textOf(mine.content), textOf(theirs.content));
  return (
    <section className="conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title">
        {theirs.gone
          ? `This ${kind} is no longer on ${publicationName}`
          : `This was changed on ${publicationName} while you were editing`}
      </h2>
      <p>
        Nothing has been overwritten. Choose what to keep; the version you do not keep is saved in
        the history.
      </p>
      <div className="conflict-columns">
        <article aria-label="Your version">
          <h3>Yours</h3>
          <p className="conflict-title-text">
            <Marked parts={titleParts} side="mine" />
          </p>
          <div className="conflict-body">
            <Marked parts={bodyParts} side="mine" />
          </div>
        </article>
        <article aria-label="Version on the service">
          <h3>{theirs.gone ? 'On the service: deleted' : `On ${publicationName}`}</h3>
          {!theirs.gone && (
            <>
              <p className="conflict-title-text">
                <Marked parts={titleParts} side="theirs" />
              </p>
              <div className="conflict-body">
                <Marked parts={bodyParts} side="theirs" />
              </div>
            </>
          )}
        </article>
      </div>
      <div className="conflict-actions">
        <button type="button" disabled={busy} onClick={() => onResolve('mine')}>
          Keep mine
        </button>
        <button type="button" disabled={busy} onClick={() => onResolve('theirs')}>
          {theirs.gone ? 'Discard mine' : 'Keep theirs'}
        </button>
        <button type="button" disabled={busy} onClick={() => onResolve('both')}>
          Keep both
        </button>
      </div>
    </section>
  );
}
