import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DraftView, PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError, sentence } from '../../ui/errors';
import { useUi, type NoticeRequest } from '../../ui-store';
import { publicationKeys, publicationsQuery } from '../publications/queries';
import { lastChosen, turnTo } from '../publications/turn-to';
import { recordKeys } from '../records/queries';
import type { Resolution } from '../sync/ConflictView';
import { startDelete, useDeleteWaits } from './draft-holds';
import { leaveEditorThen } from './leave-guard';
import {
  conflictNotice,
  hasSomethingToSend,
  publishOutcome,
  updateOutcome,
} from './publish-outcome';
import { draftQuery } from './queries';
import type { ReadOnlyLock } from './read-only-lock';
import type { DraftSaving } from './use-draft-saving';
import { holdUndoUpTo } from './undo-hold';

const PRESS_AGAIN_AFTER_MS = 1_000;

/**
 * The restore of the editor that shows each draft now. Discard edits remounts the editor it was
 * pressed in, so by the time its Undo is pressed that editor is gone: its own restore would not
 * save the words typed since in the editor now open, whose late save then put them back over the
 * edits brought back.
 */
const shownRestores = new Map<string, (revisionId: number) => Promise<void>>();

interface Needs {
  draft: DraftView;
  publication: PublicationView;
  saving: Pick<DraftSaving, 'fields' | 'autosave' | 'currentFields' | 'update'>;
  readOnlyLock: Pick<ReadOnlyLock, 'held' | 'lock'>;
  notify: (notice: NoticeRequest) => unknown;
  /** The stored text changed under the editor: remount it, where the writer is. */
  onReplaced(): Promise<void>;
}

/**
 * What the writer does to the stored draft: publish or unpublish it, update the live version,
 * discard edits, restore a revision, resolve a conflict, delete it.
 */
export function useDraftActions({
  draft,
  publication,
  saving: { fields, autosave, currentFields, update },
  readOnlyLock: { held, lock },
  notify,
  onReplaced,
}: Needs) {
  const queryClient = useQueryClient();
  const openDraft = useUi((state) => state.openDraft);
  const [status, setStatus] = useState(draft.fields.status ?? 'draft');
  const [resolving, setResolving] = useState(false);
  const kindLabel = draft.kind === 'post' ? 'post' : 'page';
  // An answer that comes late opens or closes an editor only if the writer is still in this one:
  // one who pressed New post or chose another post meanwhile stays there.
  const stillOpen = () => useUi.getState().openDraftId === draft.id;
  /**
   * The stored text is being deleted or replaced (read-only-lock.ts): Publish, Update, Discard
   * edits, a restore and a conflict choice wait, said when pressed. Each saves or replaces the
   * post, and the core takes a waiting Delete back when the post is saved (a review of the
   * editor's ways out).
   */
  const refusedWhileReadOnly = (): boolean => {
    if (!held()) return false;
    notify({
      tone: 'info',
      message: `Not now: this ${kindLabel} is being deleted, or its text replaced.`,
    });
    return true;
  };

  /**
   * Publish, Update, Delete and the rest act on the stored draft: never on one short of the words
   * on screen. False, and said, when those words cannot be saved.
   */
  const savedFirst = async (notDone: string): Promise<boolean> => {
    await autosave.flush();
    const state = autosave.state();
    if (state.kind !== 'error') return true;
    notify({
      tone: 'error',
      message: `${notDone}: your last changes are not saved. ${sentence(state.message)}`,
    });
    return false;
  };

  // A second press while the first is on its way (a double-click) would take it straight back:
  // published and unpublished again, live for a moment, its address fixed for good.
  // So would a second Enter a moment after the first had landed: the button, focused still, by
  // then says the opposite (a writer's review). It stays unpressable for a second after.
  const [publishing, setPublishing] = useState(false);
  const publishingNow = useRef(false);
  const togglePublish = async () => {
    if (publishingNow.current || refusedWhileReadOnly()) return;
    publishingNow.current = true;
    setPublishing(true);
    let flipped = false;
    try {
      flipped = await publishOrUnpublish();
    } finally {
      // Nothing flipped (nothing to publish, a save refused): pressable again at once.
      window.setTimeout(
        () => {
          publishingNow.current = false;
          setPublishing(false);
        },
        flipped ? PRESS_AGAIN_AFTER_MS : 0,
      );
    }
  };
  /** Whether the status was turned (then sent, or waiting to be). */
  const publishOrUnpublish = async (): Promise<boolean> => {
    const next = status === 'publish' ? 'draft' : 'publish';
    if (!hasSomethingToSend(currentFields())) {
      notify({ tone: 'info', message: 'Nothing to publish yet: write a title or some text.' });
      return false;
    }
    const readersSaw = draft.serviceStatus;
    update({ status: next });
    if (!(await savedFirst(next === 'publish' ? 'Not published' : 'Not unpublished'))) {
      // Left pending, the status would go out with the next save that lands, unasked: taken
      // back even while a Delete pressed meanwhile holds the editor read-only.
      update({ status }, true);
      return false;
    }
    setStatus(next);
    try {
      await bridge.sync.syncNow({});
      // A read already on its way began before the publish landed: fetchQuery would hand it back,
      // and the writer was told "Publish pending" of a post already live.
      await queryClient.cancelQueries({ queryKey: draftQuery(draft.id).queryKey, exact: true });
      const after = await queryClient.fetchQuery({ ...draftQuery(draft.id), staleTime: 0 });
      notify(publishOutcome(after, next, publication.name, readersSaw));
    } catch (error) {
      notify({ tone: 'error', message: describeError(error) });
    }
    return true;
  };

  const sendUpdate = async () => {
    if (refusedWhileReadOnly() || !(await savedFirst('Not updated'))) return;
    try {
      const after = await bridge.drafts.update({ draftId: draft.id });
      queryClient.setQueryData(draftQuery(draft.id).queryKey, after);
      notify(updateOutcome(after, publication.name));
    } catch (error) {
      notify({ tone: 'error', message: describeError(error) });
    }
  };

  /**
   * Discard edits, a restore and a conflict choice replace the stored text, and the editor then
   * reopens on it. Meanwhile the text is read-only, and anything changed after the last save is
   * dropped: saved late, it would have put the old words back over the new. The hold is kept per
   * draft (draft-holds.ts), so it is let go once the replaced text is shown: a hold left behind
   * would keep every later editor of the draft read-only.
   */
  const replaceStored = async <T>(
    notDone: string,
    replace: () => Promise<T>,
    landed: (result: T) => Promise<void>,
  ): Promise<void> => {
    if (refusedWhileReadOnly() || !(await savedFirst(notDone))) return;
    const unlock = lock();
    let result: T;
    try {
      result = await replace();
      autosave.drop();
    } catch (error) {
      notify({ tone: 'error', message: describeError(error) });
      unlock();
      return;
    }
    try {
      await landed(result);
    } finally {
      unlock();
    }
  };

  /** Opens the replaced text where the writer was; if it cannot be read, back to the list. */
  const reopen = async () => {
    if (!stillOpen()) return;
    try {
      await onReplaced();
    } catch (error) {
      notify({
        tone: 'error',
        message: `Done, but the ${kindLabel} could not be shown again: ${sentence(describeError(error))} Open it from the list.`,
      });
      openDraft(null);
    }
  };

  const discardEdits = () =>
    replaceStored(
      'Not discarded',
      () => bridge.drafts.discard({ draftId: draft.id }),
      async ({ revisionId, offSite }) => {
        let undone = false;
        notify({
          tone: 'info',
          message: offSite
            ? `Back to the version on ${publication.name}, which is not live: it was unpublished there. Your edits are in the history.`
            : `Back to the version on ${publication.name}; your edits are in the history.`,
          // Removing the publication takes it away: its Undo would find no post.
          publicationId: draft.publicationId,
          // None for a draft never sent: it went with its edits, and nothing was kept.
          ...(revisionId !== null && {
            action: {
              label: 'Undo',
              run: () => {
                // Pressed twice (a double-click), it would bring them back twice, and say so.
                if (undone) return;
                undone = true;
                void undoDiscard(revisionId);
              },
            },
          }),
        });
        await reopen();
      },
    );

  /** The edits a Discard threw away, brought back from the snapshot it made of them. */
  const undoDiscard = async (revisionId: number) => {
    // As the history's Restore, by the editor showing the draft now: its words saved first, kept
    // in the history, then the editor reopened on the edits.
    const shown = shownRestores.get(draft.id);
    if (shown) return shown(revisionId);
    // None shows it (closed, another post open): brought back all the same, as the writer asked,
    // who stays where they are; the notice names the post. Not into a post whose Delete waits:
    // saved into, the post takes the Delete back, unasked.
    try {
      const now = await bridge.drafts.get({ draftId: draft.id });
      if (now.pendingDelete) {
        notify({
          tone: 'info',
          message: `Your edits were not brought back: “${now.fields.title || 'Untitled'}” is being deleted.`,
        });
        return;
      }
    } catch (error) {
      notify({
        tone: 'error',
        message: `Your edits were not brought back. ${sentence(describeError(error))}`,
      });
      return;
    }
    await restore(revisionId);
  };

  /** The post a Delete was undone for, opened where it lives. */
  const openUndone = async () => {
    const to = draft.publicationId;
    try {
      // The writer may have switched publication since, or be switching: the sidebar follows the
      // draft, as a click on it would (review P4: the switch on its way, answered after, ended
      // the sidebar and core on the other publication, the post's editor beside them).
      const ui = useUi.getState();
      const openedAt = ui.openDraftId;
      const shown =
        ui.switchingTo ??
        queryClient.getQueryData(publicationsQuery().queryKey)?.find((p) => p.active)?.id;
      const switched = shown !== to;
      if (switched) {
        // Its list from its first page, unsearched, unfiltered, as a click shows it (review P5:
        // the other publication's search hid its posts while the core turned).
        ui.setSwitchingTo(to);
        ui.setPage(1);
        ui.setSearch('');
        ui.setDraftsOnly(false);
        try {
          await turnTo(to);
          await queryClient.invalidateQueries({ queryKey: publicationKeys.list });
        } finally {
          if (useUi.getState().switchingTo === to) useUi.getState().setSwitchingTo(null);
        }
        // Another publication clicked meanwhile, or another post opened (a New post on the one
        // shown chosen): the writer is there, and the post, back, is not opened over it (review
        // P5: it took the editor the writer was typing in).
        // Closed since (a switch clicked before closes the editor open at its click), it is none:
        // the post opens (review P6: Undo, pressed last, was let go).
        const openNow = useUi.getState().openDraftId;
        if (lastChosen() !== to || (openNow !== null && openNow !== openedAt)) {
          notify({
            tone: 'info',
            message: `“${fields.current.title || 'Untitled'}” is back in ${publication.name}.`,
          });
          return;
        }
        useUi.getState().setListedFor(to);
      }
      // And Posts or Pages, so "All pages" leads back to the page's own list; another
      // publication's list from its first page, without the last one's search.
      if (switched || useUi.getState().kind !== draft.kind) useUi.getState().showKind(draft.kind);
      openDraft(draft.id);
    } catch (error) {
      notify({ tone: 'error', message: describeError(error) });
    }
  };

  const deleting = useDeleteWaits(draft.id);
  const remove = async () => {
    // Pressed again, here or in an editor opened on the draft since (draft-holds.ts).
    const deleted = startDelete(draft.id);
    if (!deleted) {
      notify({ tone: 'info', message: `Not now: this ${kindLabel} is being deleted.` });
      return;
    }
    // From the press: words typed while the core deletes would be saved as the editor closes, and
    // the core takes a waiting Delete back when words are saved into the post. The notice said
    // "Deleted" while the post stayed (a writer's review of the editor's ways out).
    const unlock = lock();
    if (!(await savedFirst('Not deleted'))) {
      deleted();
      unlock();
      return;
    }
    try {
      const deletedAt = Date.now();
      const { undoUntil } = await bridge.records.delete({ draftId: draft.id });
      // The list must not show it, not even for the moment before the core's event arrives.
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(draft.publicationId) });
      // The notice takes the keyboard only from the editor it just closed: a writer gone on to
      // another post meanwhile, typing there, found the focus on Undo, and the next Space
      // pressed it (a review of the editor's ways out).
      const closedHere = stillOpen();
      if (closedHere) openDraft(null);
      const seconds = Math.max(1, Math.round((undoUntil - Date.now()) / 1000));
      notify({
        tone: 'info',
        message: `Deleted “${fields.current.title || 'Untitled'}”. Undo is possible for ${seconds} seconds, up to a minute while you stay on this message.`,
        until: undoUntil,
        publicationId: draft.publicationId,
        hold: holdUndoUpTo(
          async () => (await bridge.records.holdUndo({ draftId: draft.id })).undoUntil,
          deletedAt,
        ),
        focus: closedHere,
        action: {
          label: 'Undo',
          run: () =>
            void bridge.records
              .undoDelete({ draftId: draft.id })
              .then(() =>
                queryClient.invalidateQueries({ queryKey: recordKeys.all(draft.publicationId) }),
              )
              // The post is back; going to it waits for the open editor's words, and nothing, not
              // even the sidebar's publication, moves unless that editor leaves (a writer's review
              // of the editor's ways out found the publication switched under an editor kept open).
              .then(() => leaveEditorThen(() => void openUndone()))
              .catch((error: unknown) => notify({ tone: 'error', message: describeError(error) })),
        },
      });
      // The hold is kept per draft (draft-holds.ts): left, the post reopened after Undo would be
      // read-only for good, and without a Delete.
      deleted();
      unlock();
    } catch (error) {
      deleted();
      unlock();
      notify({ tone: 'error', message: describeError(error) });
    }
  };

  const resolve = async (resolution: Resolution) => {
    setResolving(true);
    await replaceStored(
      'Not resolved',
      () =>
        bridge.sync.resolveConflict({
          draftId: draft.id,
          resolution,
          ...(draft.theirs ? { seen: draft.theirs.version } : {}),
        }),
      async (kept) => {
        setResolving(false);
        await resolved(resolution, kept);
      },
    );
    setResolving(false);
  };

  /** A conflict choice that landed: said, and the editor moves to what was kept. */
  const resolved = async (resolution: Resolution, kept: string[]) => {
    useUi.getState().dismissAbout(conflictNotice(draft.id));
    if (!kept.includes(draft.id)) {
      // Theirs was the deletion: this draft is gone, and with it the editor.
      if (stillOpen()) openDraft(kept[0] ?? null);
      notify({
        tone: 'info',
        message:
          resolution === 'both'
            ? 'Kept yours as a new draft; the original was deleted on the service.'
            : `Deleted, as it was on ${publication.name}.`,
      });
      return;
    }
    if (resolution === 'both') {
      // The writer goes on with their own words, in the copy that holds them, told where each
      // version is: the editor moving to theirs, unnamed, lost sight of what was just typed (a
      // writer's review).
      const copy = kept.find((id) => id !== draft.id);
      const mine = draft.fields.title || 'Untitled';
      // The original is named as theirs has it: a colleague may have retitled it (review 24).
      const theirs = draft.theirs?.title || mine;
      const opening = copy !== undefined && stillOpen();
      notify({
        tone: 'info',
        message: `Kept both: your words are in “${mine} (my copy)”, a separate draft${opening ? ', open now' : ''}; “${theirs}” has theirs.`,
      });
      if (copy) {
        if (opening) openDraft(copy);
        return;
      }
    } else notify({ tone: 'info', message: 'Conflict resolved.' });
    await reopen();
  };

  const restore = (revisionId: number) =>
    replaceStored(
      'Not restored',
      () => bridge.drafts.restoreRevision({ draftId: draft.id, revisionId }),
      async (restored) => {
        notify({
          tone: 'info',
          message: `Restored “${restored.fields.title || 'Untitled'}”; the text it replaced is in the history.`,
        });
        await reopen();
      },
    );
  // Each render's: the Undo of a discard pressed in an earlier editor acts with this one's words.
  useEffect(() => {
    shownRestores.set(draft.id, restore);
    return () => {
      if (shownRestores.get(draft.id) === restore) shownRestores.delete(draft.id);
    };
  });

  return {
    status,
    publishing,
    resolving,
    deleting,
    togglePublish,
    sendUpdate,
    discardEdits,
    remove,
    resolve,
    restore,
  };
}
