import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { describeError } from '../../ui/errors';
import { useUi } from '../../ui-store';
import { dropClosedWordsOf } from '../editor/closed-unsaved';
import { leaveEditorThen } from '../editor/leave-guard';
import { draftQuery } from '../editor/queries';
import { AddPublicationDialog } from './AddPublicationDialog';
import { publicationKeys, publicationsQuery, shownActive } from './queries';
import { RemovePublicationDialog } from './RemovePublicationDialog';
import { ReplaceTokenDialog } from './ReplaceTokenDialog';
import { lastChosen, turnTo } from './turn-to';
import { unsentDetail } from './unsent-detail';

/** Notices about a publication go with it when it is removed. */
const aboutPublication = (id: string): string => `publication ${id}`;

/** Not read yet: one array for every render, so effects that follow the list do not run again. */
const NONE: PublicationView[] = [];

export function PublicationSwitcher() {
  const queryClient = useQueryClient();
  const switchingTo = useUi((state) => state.switchingTo);
  const { data: listed, error } = useQuery({
    ...publicationsQuery(),
    select: shownActive(switchingTo),
  });
  const publications = listed ?? NONE;
  const adding = useUi((state) => state.addingPublication);
  const setAdding = useUi((state) => state.setAddingPublication);
  const notify = useUi((state) => state.notify);
  const openDraft = useUi((state) => state.openDraft);
  const setPage = useUi((state) => state.setPage);
  const setSearch = useUi((state) => state.setSearch);
  const dismissAbout = useUi((state) => state.dismissAbout);
  const dismissOf = useUi((state) => state.dismissOf);

  const refresh = () => queryClient.invalidateQueries({ queryKey: publicationKeys.list });
  const activate = useMutation({
    mutationFn: turnTo,
    // Shown chosen at once (publications are shown through `shownActive`): a New post answered
    // before the list is read again is not opened over it (review P2). Its list too, from its
    // first page, unsearched: a search typed for one publication's posts would hide the next
    // one's behind it; so would "Drafts only" (review P1). Not when the core answers: a search
    // typed meanwhile, or a New post opened, was wiped then (review P3).
    // The editor open at the click stays until the core agrees (a refused switch leaves it
    // open); one opened since, a New post on the publication shown chosen, stays (review P3).
    onMutate: (id: string) => {
      const ui = useUi.getState();
      const before = {
        page: ui.page,
        search: ui.search,
        draftsOnly: ui.draftsOnly,
        open: ui.openDraftId,
      };
      ui.setSwitchingTo(id);
      setPage(1);
      setSearch('');
      ui.setDraftsOnly(false);
      return before;
    },
    onSuccess: (_data, _id, before) => {
      if (useUi.getState().openDraftId === before.open) openDraft(null);
      const chosen = lastChosen();
      if (chosen !== null) useUi.getState().setListedFor(chosen);
      return refresh();
    },
    // Refused (the publication removed in another window): turned back, with the search and
    // filters the writer had, unless they set others meanwhile (review U6: they were gone).
    onError: async (e, id, before) => {
      notify({ tone: 'error', message: describeError(e) });
      await refresh();
      const ui = useUi.getState();
      // Nor over another switch clicked since (review P4: its list showed through them).
      const untouched = ui.search === '' && !ui.draftsOnly && ui.page === 1;
      if (!before || ui.switchingTo !== id || !untouched) return;
      ui.setSearch(before.search);
      ui.setDraftsOnly(before.draftsOnly);
      ui.setPage(before.page);
    },
    onSettled: (_data, _error, id) => {
      if (useUi.getState().switchingTo === id) useUi.getState().setSwitchingTo(null);
    },
  });
  const [removing, setRemoving] = useState<PublicationView | null>(null);
  const [replacing, setReplacing] = useState<PublicationView | null>(null);
  const removed = async (publication: PublicationView) => {
    dismissAbout(aboutPublication(publication.id));
    dismissOf(publication.id);
    dropClosedWordsOf(publication.id);
    // Its own editor only: another publication's stays, as on any switch (review P4); one not yet
    // read, with the active one.
    if (editorOf(publication, publication.active)) openDraft(null);
    if (publication.active) {
      setPage(1);
      // The app turns to another publication, as on a switch (a review found it filtered).
      setSearch('');
      useUi.getState().setDraftsOnly(false);
    }
    await refresh();
    setRemoving(null);
    setRefocus(true);
  };
  // The open editor (always the active publication's) saves its last words first, as on every way
  // out of it, and the count is read after: else words typed a moment before reached the store
  // only after the dialog had counted them, and went with the publication unwarned. The dialog is
  // modal, so nothing is typed while it is open.
  const askToRemove = async (publication: PublicationView) => {
    const open = () => void refresh().then(() => setRemoving(publication));
    if (publication.active || editorOf(publication)) await leaveEditorThen(open);
    else open();
  };
  // The open editor may be another publication's than the active one's: a switch made in another
  // window leaves it open (review P3: its last words went with that publication uncounted).
  // Not known (its draft not read yet): saved first all the same, which costs nothing.
  const editorOf = (publication: PublicationView, unknown = true): boolean => {
    const open = useUi.getState().openDraftId;
    if (open === null) return false;
    const draft = queryClient.getQueryData(draftQuery(open).queryKey);
    return draft === undefined ? unknown : draft.publicationId === publication.id;
  };
  // A publication is added to be written for: the app turns to it, once the open editor's words
  // are saved, as on every way out of it. Turning at once closed an editor that could not save,
  // its words with it (a writer's review of the editor's ways out).
  const turnToAdded = async (publication: PublicationView) => {
    let turned = false;
    await leaveEditorThen(() => {
      turned = true;
      activate.mutate(publication.id, {
        // Said once it is so: a failed switch says why instead.
        onSuccess: () =>
          notify({
            tone: 'info',
            message: `Added ${publication.name}: its posts and pages are shown now.`,
          }),
      });
    });
    if (!turned)
      notify({
        tone: 'info',
        message: `Added ${publication.name}, not switched to yet: the editor stays open with your unsaved changes.`,
      });
  };
  // The button that opened the dialog is gone with its row: focus goes to the active publication.
  const nav = useRef<HTMLElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    const target =
      nav.current?.querySelector<HTMLElement>('[aria-current="true"]') ??
      nav.current?.querySelector<HTMLElement>('.add-publication');
    target?.focus();
  }, [refocus, publications]);

  return (
    <nav className="publications" aria-label="Publications" ref={nav}>
      <h2 className="sidebar-title">Publications</h2>
      {error && <p className="error-text">{describeError(error)}</p>}
      <ul>
        {publications.map((publication) => (
          <li key={publication.id} className={publication.active ? 'active' : undefined}>
            <button
              type="button"
              className="publication"
              aria-current={publication.active ? 'true' : undefined}
              onClick={() =>
                !publication.active && void leaveEditorThen(() => activate.mutate(publication.id))
              }
              title={publication.unavailable ?? `${publication.baseUrl} · ${publication.subdomain}`}
            >
              <span className="publication-name">{publication.name}</span>
              <span className="publication-detail">
                {publication.unavailable
                  ? 'could not start'
                  : publication.embedded
                    ? 'on this computer'
                    : publication.subdomain}
                {/* A count is not broken across lines ("1 edit not / live" in a narrow sidebar). */}
                {unsentDetail(publication).map((count) => (
                  <Fragment key={count}>
                    {' '}
                    <span className="nowrap">· {count}</span>
                  </Fragment>
                ))}
              </span>
            </button>
            {!publication.embedded && (
              <button
                type="button"
                className="ghost small"
                aria-label={`Replace the token for ${publication.name}`}
                onClick={() => setReplacing(publication)}
              >
                Token
              </button>
            )}
            <button
              type="button"
              className="ghost small"
              aria-label={`Remove ${publication.name}`}
              onClick={() => void askToRemove(publication)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="add-publication" onClick={() => setAdding(true)}>
        Add publication
      </button>
      {adding && (
        <AddPublicationDialog
          onClose={() => setAdding(false)}
          onAdded={(publication) => void turnToAdded(publication)}
        />
      )}
      {replacing && (
        <ReplaceTokenDialog
          publication={replacing}
          onClose={() => setReplacing(null)}
          onReplaced={() => {
            notify({
              tone: 'info',
              about: aboutPublication(replacing.id),
              message: `New token saved for ${replacing.name}; waiting changes are on their way.`,
            });
            setReplacing(null);
          }}
        />
      )}
      {removing && (
        <RemovePublicationDialog
          // Live, so the warning follows the queue while the writer reads it.
          publication={publications.find((p) => p.id === removing.id) ?? removing}
          gone={listed !== undefined && !listed.some((p) => p.id === removing.id)}
          onClose={() => {
            setRemoving(null);
            // Its button went with its row (removed in another window): the focus as on a Remove.
            if (!publications.some((p) => p.id === removing.id)) setRefocus(true);
          }}
          onRemoved={() => removed(removing)}
        />
      )}
    </nav>
  );
}
