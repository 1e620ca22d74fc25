import { useQuery } from '@tanstack/react-query';
import { Disclosure } from '../../ui/Disclosure';
import { revisionsQuery } from './queries';

const REASONS: Record<string, string> = {
  'before-publish': 'Before publishing',
  'before-restore': 'Before a restore',
  'replaced-by-service': 'Replaced by the service’s version',
  'service-version-replaced': 'The service’s version, replaced by yours',
  discarded: 'Discarded local changes',
  manual: 'Snapshot',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function RevisionHistory({
  draftId,
  onRestore,
}: {
  draftId: string;
  onRestore(revisionId: number): void;
}) {
  const { data: revisions = [], isPending } = useQuery(revisionsQuery(draftId));
  return (
    <Disclosure title={`History (${revisions.length})`} className="revisions">
      {isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : revisions.length === 0 ? (
        <p className="hint">
          Snapshots appear here before each publish and before anything is replaced.
        </p>
      ) : (
        <ol>
          {revisions.map((revision) => (
            <li key={revision.id}>
              <span>
                <strong>{revision.title || 'Untitled'}</strong> —{' '}
                {REASONS[revision.reason] ?? revision.reason},{' '}
                {when.format(new Date(revision.takenAt))}
              </span>
              <button
                type="button"
                className="small"
                aria-label={`Restore revision from ${when.format(new Date(revision.takenAt))}`}
                onClick={() => onRestore(revision.id)}
              >
                Restore
              </button>
            </li>
          ))}
        </ol>
      )}
    </Disclosure>
  );
}
