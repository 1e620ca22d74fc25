import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../bridge';
import { describeError } from '../../ui/errors';
import { useUi } from '../../ui-store';
import { AddPublicationDialog } from './AddPublicationDialog';
import { publicationKeys, publicationsQuery } from './queries';

export function PublicationSwitcher() {
  const queryClient = useQueryClient();
  const { data: publications = [], error } = useQuery(publicationsQuery());
  const adding = useUi((state) => state.addingPublication);
  const setAdding = useUi((state) => state.setAddingPublication);
  const notify = useUi((state) => state.notify);
  const openDraft = useUi((state) => state.openDraft);
  const setPage = useUi((state) => state.setPage);

  const refresh = () => queryClient.invalidateQueries({ queryKey: publicationKeys.all });
  const activate = useMutation({
    mutationFn: (id: string) => bridge.publications.setActive({ id }),
    onSuccess: () => {
      openDraft(null);
      setPage(1);
      return refresh();
    },
    onError: (e) => notify({ tone: 'error', message: describeError(e) }),
  });
  const remove = useMutation({
    mutationFn: (input: { id: string; discardUnsynced?: boolean }) =>
      bridge.publications.remove(input),
    onSuccess: refresh,
    onError: (e) => notify({ tone: 'error', message: describeError(e) }),
  });

  const confirmRemove = (id: string, name: string, pending: number) => {
    const warning = pending
      ? `\n\n${pending} change(s) have not reached the service yet and will be lost.`
      : '';
    if (
      window.confirm(
        `Remove "${name}" from Quire? Its token is deleted from the keychain.${warning}`,
      )
    )
      remove.mutate({ id, discardUnsynced: pending > 0 });
  };

  return (
    <nav className="publications" aria-label="Publications">
      <h2 className="sidebar-title">Publications</h2>
      {error && <p className="error-text">{describeError(error)}</p>}
      <ul>
        {publications.map((publication) => (
          <li key={publication.id} className={publication.active ? 'active' : undefined}>
            <button
              type="button"
              className="publication"
              aria-current={publication.active ? 'true' : undefined}
              onClick={() => !publication.active && activate.mutate(publication.id)}
              title={`${publication.baseUrl} · ${publication.subdomain}`}
            >
              <span className="publication-name">{publication.name}</span>
              <span className="publication-detail">
                {publication.embedded ? 'on this computer' : publication.subdomain}
                {publication.pendingChanges > 0 && ` · ${publication.pendingChanges} unsynced`}
              </span>
            </button>
            <button
              type="button"
              className="ghost small"
              aria-label={`Remove ${publication.name}`}
              onClick={() =>
                confirmRemove(publication.id, publication.name, publication.pendingChanges)
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setAdding(true)}>
        Add publication
      </button>
      {adding && <AddPublicationDialog onClose={() => setAdding(false)} />}
    </nav>
  );
}
