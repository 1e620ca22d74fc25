import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DraftFieldsView, Tag } from '../../../../shared/model';
import type { RevisionView } from '../../../../shared/views';
import { describeError } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';
import { otherFieldRows } from '../sync/field-rows';
import { Marked } from '../sync/Marked';
import { textOf, wordDiff } from '../sync/word-diff';
import { knownTagsQuery } from '../records/queries';
import { revisionQuery } from './queries';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const snapshotTime = (takenAt: number): string => when.format(new Date(takenAt));

// A restore leaves Published or Draft as it is, so a difference there is not shown as one.
const restoredRows = (then: DraftFieldsView, now: DraftFieldsView, tags: readonly Tag[]) =>
  otherFieldRows(then, now, tags).filter((row) => row.key !== 'status');

/** Whether restoring the snapshot would change nothing: then there is nothing to restore. */
const sameAsNow = (then: DraftFieldsView, now: DraftFieldsView): boolean =>
  then.title === now.title &&
  then.content === now.content &&
  // A slug typed since (or one that followed the title then) is a difference too.
  (then.slug ?? '') === (now.slug ?? '') &&
  restoredRows(then, now, []).length === 0;

function Comparison({
  then,
  now,
  tags,
}: {
  then: DraftFieldsView;
  now: DraftFieldsView;
  tags: readonly Tag[];
}) {
  const titleParts = wordDiff(then.title, now.title);
  const bodyParts = wordDiff(textOf(then.content), textOf(now.content));
  const rows = restoredRows(then, now, tags);
  const same = sameAsNow(then, now);
  const markupOnly =
    !same &&
    then.title === now.title &&
    rows.length === 0 &&
    textOf(then.content) === textOf(now.content);
  return (
    <>
      <p>
        {same
          ? 'This snapshot is the same as your draft now.'
          : markupOnly
            ? 'The words are the same; only the formatting differs.'
            : 'Marked: what only the snapshot has (left) and what only your draft has now (right).'}
      </p>
      <div className="conflict-columns">
        <article aria-label="The snapshot">
          <h3>The snapshot</h3>
          <p className="conflict-title-text">
            <Marked parts={titleParts} side="mine" />
          </p>
          <div className="conflict-body">
            <Marked parts={bodyParts} side="mine" />
          </div>
        </article>
        <article aria-label="Your draft now">
          <h3>Your draft now</h3>
          <p className="conflict-title-text">
            <Marked parts={titleParts} side="theirs" />
          </p>
          <div className="conflict-body">
            <Marked parts={bodyParts} side="theirs" />
          </div>
        </article>
      </div>
      {rows.length > 0 && (
        <table className="conflict-fields">
          <caption>Other fields that differ</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">The snapshot</th>
              <th scope="col">Now</th>
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
    </>
  );
}

/**
 * A snapshot beside the draft as it is now, every difference marked, with Restore. The text it
 * would replace goes into the history first, so a restore can itself be undone from there.
 */
export function RevisionPreview({
  draftId,
  revision,
  current,
  publicationId,
  onRestore,
  onClose,
}: {
  draftId: string;
  publicationId: string;
  revision: RevisionView;
  current(): DraftFieldsView;
  onRestore(): Promise<void>;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const modal = useModal(dialog, cancel);
  const [now] = useState(current);
  const [restoring, setRestoring] = useState(false);
  const { data, error } = useQuery(revisionQuery(draftId, revision.id));
  // Names for tag numbers, should the tags differ.
  const { data: tags = [] } = useQuery(knownTagsQuery(publicationId));
  const taken = snapshotTime(revision.takenAt);
  const unchanged = data ? sameAsNow(data.fields, now) : false;
  const restore = () => {
    if (restoring || !data || unchanged) return;
    setRestoring(true);
    void onRestore().finally(() => setRestoring(false));
  };
  return (
    <dialog
      ref={dialog}
      className="wide"
      aria-labelledby="revision-preview-title"
      onClose={onClose}
      onKeyDown={modal.onKeyDown}
    >
      <form method="dialog" onSubmit={(event) => event.preventDefault()}>
        <h2 id="revision-preview-title">Snapshot from {taken}</h2>
        {error ? (
          <p className="error-text" role="alert">
            {describeError(error)}
          </p>
        ) : data ? (
          <Comparison then={data.fields} now={now} tags={tags} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
        <p className="hint">
          Restoring brings back the snapshot’s title, text and details; your draft as it is now is
          kept in the history, and Published or Draft stays as it is.
        </p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            aria-disabled={restoring || !data || unchanged ? 'true' : undefined}
            onClick={restore}
          >
            Restore this snapshot
          </button>
        </div>
      </form>
    </dialog>
  );
}
