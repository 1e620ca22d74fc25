import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { RecordKind } from '../../shared/model';
import { bridge } from './bridge';
import { EditorScreen } from './features/editor/EditorScreen';
import { giveBackHeldKeys, holdingKeys, holdKeysForNewDraft } from './features/editor/held-keys';
import { leaveEditorThen } from './features/editor/leave-guard';
import { SAVE_REQUEST } from './features/editor/save-order';
import { PublicationSwitcher } from './features/publications/PublicationSwitcher';
import { publicationsQuery, shownActive } from './features/publications/queries';
import { RecordList } from './features/records/RecordList';
import { OfflineBanner } from './features/sync/OfflineBanner';
import { useCoreEvents } from './features/sync/use-core-events';
import { describeError } from './ui/errors';
import { focusScreenStart } from './ui/focus';
import { Notices } from './ui/Notices';
import { useUi } from './ui-store';

/** How long a new draft's editor may take to open before held keys are let go. */
const NEW_DRAFT_OPENS_MS = 10_000;

/** Once the switch of publication on its way, if any, is answered. */
const switchSettled = (): Promise<void> =>
  new Promise((resolve) => {
    if (useUi.getState().switchingTo === null) return resolve();
    const stop = useUi.subscribe((state) => {
      if (state.switchingTo !== null) return;
      stop();
      resolve();
    });
  });

export function App() {
  const switchingTo = useUi((state) => state.switchingTo);
  const { data: publications, error } = useQuery({
    ...publicationsQuery(),
    select: shownActive(switchingTo),
  });
  const active = publications?.find((publication) => publication.active) ?? publications?.[0];
  const kind = useUi((state) => state.kind);
  const openDraftId = useUi((state) => state.openDraftId);
  const { showKind, openDraft, notify } = useUi.getState();
  const queryClient = useQueryClient();
  // Turned to another publication in another window (or by Undo of a Delete): its list is shown
  // from its first page, unsearched and unfiltered (review P2: a switch made in another window
  // kept this one's search and "Drafts only" over the next publication's posts). A switch made
  // here clears them as it is clicked (PublicationSwitcher). The editor stays, by design.
  const activeId = active?.id;
  useEffect(() => {
    const ui = useUi.getState();
    if (activeId === undefined || ui.switchingTo !== null || ui.listedFor === activeId) return;
    const first = ui.listedFor === null;
    ui.setListedFor(activeId);
    if (first) return;
    ui.setPage(1);
    ui.setSearch('');
    ui.setDraftsOnly(false);
  }, [activeId, switchingTo]);
  useEffect(() => () => useUi.getState().setListedFor(null), []);
  // Another publication chosen while a New post was made: it is not opened over that one's list
  // (review P1: "Edit post for Local sample" beside a sidebar on Archive). Blank, it is let go.
  const madeElsewhere = useCallback(
    (publicationId: string): boolean => {
      const now =
        useUi.getState().switchingTo ??
        queryClient.getQueryData(publicationsQuery().queryKey)?.find((p) => p.active)?.id;
      return now !== undefined && now !== publicationId;
    },
    [queryClient],
  );

  const created = useMutation({
    mutationFn: (recordKind: RecordKind) => {
      if (!active) throw new Error('Add a publication first.');
      return bridge.records.create({
        publicationId: active.id,
        kind: recordKind,
        fields: { title: '', content: '' },
      });
    },
    onSuccess: async (draft) => {
      // Another publication chosen, the core not yet agreeing: its answer decides. Refused, the
      // writer stays where the post was made, and it opens (review P4: it was let go unopened).
      const switching = useUi.getState().switchingTo;
      if (switching !== null && switching !== draft.publicationId) await switchSettled();
      if (madeElsewhere(draft.publicationId)) {
        void bridge.drafts.leave({ draftId: draft.id }).catch(() => undefined);
        return;
      }
      showKind(draft.kind);
      openDraft(draft.id);
    },
    onError: (e) => notify({ tone: 'error', message: describeError(e) }),
  });
  // The open editor saves first; a new draft is made only once the words left behind are kept.
  const { mutate: createNow } = created;
  const create = useCallback(
    (recordKind: RecordKind) => {
      // One New post at a time: pressed again while one is on its way, it is the same one.
      if (holdingKeys()) return;
      const hold = holdKeysForNewDraft();
      let going = false;
      void leaveEditorThen(() => {
        going = true;
        createNow(recordKind, {
          onError: () => giveBackHeldKeys(hold),
          // The new draft's editor takes the keys as it opens; one that never opens (its read
          // failed) must not leave the keyboard held.
          // Let go, it opens nowhere: the keys are given back at once (review P2: New post, and
          // the search box, of the publication switched to took no keys for 10 s).
          onSuccess: (draft) =>
            madeElsewhere(draft.publicationId)
              ? giveBackHeldKeys(hold)
              : setTimeout(() => giveBackHeldKeys(hold), NEW_DRAFT_OPENS_MS),
        });
      }).then(() => {
        // The editor stayed (its last words could not be saved): the keys are its again.
        if (!going) giveBackHeldKeys(hold);
      });
    },
    [createNow, madeElsewhere],
  );

  const onMenu = useCallback(
    (command: 'new-post' | 'new-page' | 'save') => {
      if (document.querySelector('dialog[open]') && command !== 'save') return;
      if (command === 'new-post') create('post');
      if (command === 'new-page') create('page');
      // File › Save from the native menu: the open editor saves, as on Ctrl/Cmd+S.
      if (command === 'save') window.dispatchEvent(new Event(SAVE_REQUEST));
    },
    [create],
  );
  useCoreEvents(onMenu);

  // In the browser host there is no native menu: the same shortcuts, from the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Anywhere, not only in the editor (which saves on it): in the list the browser offered to
      // save the page itself (a writer's review). Words are saved as they are written.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's')
        event.preventDefault();
      // Not behind an open dialog: the new post would open where the keyboard cannot reach it.
      if (document.querySelector('dialog[open]')) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        create(event.shiftKey ? 'page' : 'post');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [create]);

  return (
    <div className="app">
      <button type="button" className="skip-link" onClick={() => focusScreenStart({ force: true })}>
        Skip to content
      </button>
      <aside className="sidebar">
        <div className="brand">Quire</div>
        <PublicationSwitcher />
        {active && (
          <nav className="kinds" aria-label="Content">
            <button
              type="button"
              aria-current={kind === 'post' ? 'page' : undefined}
              onClick={() => void leaveEditorThen(() => showKind('post'))}
            >
              Posts
            </button>
            <button
              type="button"
              aria-current={kind === 'page' ? 'page' : undefined}
              onClick={() => void leaveEditorThen(() => showKind('page'))}
            >
              Pages
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => create('post')}
              aria-keyshortcuts="Control+N Meta+N"
            >
              New post
            </button>
            <button type="button" onClick={() => create('page')}>
              New page
            </button>
          </nav>
        )}
        {/* At the sidebar's foot, which stays in the window: in sight while the writer types, and
            never moving the text when it comes or goes (above the editor, it pushed the title down
            and scrolled away with it). A narrow window floats it at the window's foot. */}
        <OfflineBanner />
      </aside>
      <main className="main" tabIndex={-1}>
        {/* An open draft names its own publication (EditorScreen), whichever is active. */}
        {active && !openDraftId && (
          <p className="current-publication">
            Writing for <strong>{active.name}</strong>
          </p>
        )}
        {/* Once there are publications, a refresh that fails is said in the sidebar: the open
            editor or list stays. */}
        {error && !publications ? (
          <p className="error-text" role="alert">
            {describeError(error)}
          </p>
        ) : !publications ? (
          <p className="placeholder" aria-busy="true">
            Starting…
          </p>
        ) : !active ? (
          <p className="placeholder">Add a publication to start writing.</p>
        ) : openDraftId ? (
          <EditorScreen key={openDraftId} draftId={openDraftId} publications={publications} />
        ) : (
          <RecordList key={active.id} publicationId={active.id} publicationName={active.name} />
        )}
        <Notices />
      </main>
    </div>
  );
}
