import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DraftFieldsView } from '../../../../shared/model';
import { Disclosure } from '../../ui/Disclosure';
import { revisionsQuery } from './queries';
import { RevisionPreview, snapshotTime } from './RevisionPreview';

export const REASONS: Record<string, string> = {
  'while-writing': 'Kept while writing',
  'before-publish': 'Before publishing',
  'live-before-edits': 'As readers saw it, before these edits',
  'before-restore': 'Before a restore',
  'replaced-by-service': 'Replaced by the service’s version',
  'service-version-replaced': 'The service’s version, replaced by yours',
  discarded: 'Discarded local changes',
  manual: 'Snapshot',
};

/**
 * The draft's snapshots, newest first. A snapshot is restored only from its preview, which shows
 * it beside the draft as it is now, so the writer sees what would change before it does.
 */
export function RevisionHistory({
  draftId,
  current,
  publicationId,
  onRestore,
}: {
  draftId: string;
  publicationId: string;
  /** The draft as the writer has it now, read when a preview opens. */
  current(): DraftFieldsView;
  onRestore(revisionId: number): Promise<void>;
}) {
  const { data: revisions = [], isPending, refetch } = useQuery(revisionsQuery(draftId));
  const [previewing, setPreviewing] = useState<number | null>(null);
  const shown = revisions.find((revision) => revision.id === previewing);
  return (
    <Disclosure
      title={`History (${revisions.length})`}
      className="revisions"
      // Snapshots are taken by saves while the panel is closed.
      onOpen={() => void refetch()}
    >
      {isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : revisions.length === 0 ? (
        <p className="hint">
          Snapshots appear here every 10 minutes while you write, before each publish, and before
          anything is replaced.
        </p>
      ) : (
        <ol>
          {revisions.map((revision) => (
            <li key={revision.id}>
              <span>
                <strong>{revision.title || 'Untitled'}</strong> —{' '}
                {REASONS[revision.reason] ?? revision.reason}, {snapshotTime(revision.takenAt)}
              </span>
              <button
                type="button"
                className="small"
                aria-haspopup="dialog"
                aria-label={`Preview snapshot from ${snapshotTime(revision.takenAt)}`}
                onClick={() => setPreviewing(revision.id)}
              >
                Preview
              </button>
            </li>
          ))}
        </ol>
      )}
      {shown && (
        <RevisionPreview
          draftId={draftId}
          revision={shown}
          current={current}
          publicationId={publicationId}
          onRestore={() => onRestore(shown.id)}
          onClose={() => setPreviewing(null)}
        />
      )}
    </Disclosure>
  );
}
