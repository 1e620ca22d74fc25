import { useState } from 'react';
import type { DraftFieldsView, Tag } from '../../../../shared/model';
import { bodyComparison, otherFieldRows } from './field-rows';
import { Marked } from './Marked';
import { textOf, wordDiff } from './word-diff';

export type Resolution = 'mine' | 'theirs' | 'both';

interface Props {
  kind: 'post' | 'page';
  mine: DraftFieldsView;
  theirs: DraftFieldsView & { updatedAt: string; gone: boolean };
  publicationName: string;
  /** Names for tag numbers, where Quire has seen them. */
  tags?: readonly Tag[];
  busy?: boolean;
  onResolve(resolution: Resolution): void;
}

/**
 * Mine and theirs side by side, every difference marked: title and text in columns, any other
 * field that differs in a table below. The writer keeps mine, theirs, or both.
 */
export function ConflictView({
  kind,
  mine,
  theirs,
  publicationName,
  tags = [],
  busy,
  onResolve,
}: Props) {
  const comparison = bodyComparison(mine.content, theirs.content);
  const [sourceChosen, setSourceChosen] = useState(false);
  // Words alone would hide a markup-only change, so that case always shows the HTML.
  const showSource = sourceChosen || comparison === 'markup';
  const titleParts = wordDiff(mine.title, theirs.title);
  const bodyParts = showSource
    ? wordDiff(mine.content, theirs.content)
    : wordDiff(textOf(mine.content), textOf(theirs.content));
  const rows = theirs.gone ? [] : otherFieldRows(mine, theirs, tags);
  const differs = [
    ...(mine.title !== theirs.title ? ['Title'] : []),
    ...(comparison === 'text' ? ['Text'] : comparison === 'markup' ? ['Formatting'] : []),
    ...rows.map((row) => row.label),
  ];
  const bodyClass = showSource ? 'conflict-body conflict-source' : 'conflict-body';
  return (
    <section className="conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title">
        {theirs.gone
          ? `This ${kind} is no longer on ${publicationName}`
          : `This was changed on ${publicationName} while you were editing`}
      </h2>
      {/* A post gone from the service leaves no draft to hold a history: said as it is. */}
      <p>
        {theirs.gone
          ? `Nothing has been overwritten. Keep mine puts your version back on ${publicationName} as a new ${kind}; Discard mine removes it from Quire too, with its history.`
          : 'Nothing has been overwritten. Choose what to keep; the version you do not keep is saved in the history.'}
      </p>
      {!theirs.gone && (
        <div className="conflict-summary">
          <p>
            {differs.length > 0
              ? `What differs: ${differs.join(', ')}.`
              : 'Both versions are now the same.'}
            {comparison === 'markup' && ' The words are the same, so the HTML is compared.'}
          </p>
          {comparison !== 'markup' && (
            <button
              type="button"
              className="ghost"
              aria-pressed={sourceChosen}
              onClick={() => setSourceChosen((chosen) => !chosen)}
            >
              Compare HTML
            </button>
          )}
        </div>
      )}
      <div className="conflict-columns">
        <article aria-label="Your version">
          <h3>Yours</h3>
          <p className="conflict-title-text">
            <Marked parts={titleParts} side="mine" />
          </p>
          {/* A long text scrolls in its box, which Chromium then puts in the Tab order (a short
              one does not): named, it is not a bare stop (a writer's review). */}
          <div className={bodyClass} role="region" aria-label="Your text">
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
              <div className={bodyClass} role="region" aria-label={`Text on ${publicationName}`}>
                <Marked parts={bodyParts} side="theirs" />
              </div>
            </>
          )}
        </article>
      </div>
      {rows.length > 0 && (
        <table className="conflict-fields">
          <caption>Other fields that differ</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Yours</th>
              <th scope="col">On {publicationName}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>
                  <mark className="diff-mine">{row.mine}</mark>
                </td>
                <td>
                  <mark className="diff-theirs">{row.theirs}</mark>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="conflict-actions">
        <button
          type="button"
          aria-disabled={busy ? 'true' : undefined}
          onClick={() => !busy && onResolve('mine')}
        >
          Keep mine
        </button>
        <button
          type="button"
          aria-disabled={busy ? 'true' : undefined}
          onClick={() => !busy && onResolve('theirs')}
        >
          {theirs.gone ? 'Discard mine' : 'Keep theirs'}
        </button>
        <button
          type="button"
          aria-disabled={busy ? 'true' : undefined}
          onClick={() => !busy && onResolve('both')}
        >
          Keep both
        </button>
      </div>
    </section>
  );
}
