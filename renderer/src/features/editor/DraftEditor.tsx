import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { differingFields } from '../../../../shared/field-differences';
import type { DraftFieldsView } from '../../../../shared/model';
import type { DraftView, PublicationView } from '../../../../shared/views';
import type { NoticeRequest } from '../../ui-store';
import { bridge } from '../../bridge';
import { describeError, sentence } from '../../ui/errors';
import { SCREEN_START } from '../../ui/focus';
import { useUi } from '../../ui-store';
import { publicationKeys, publicationsQuery } from '../publications/queries';
import { statusBadge, SYNC_LABELS, syncShown } from '../records/labels';
import { syncStatusQuery } from '../sync/queries';
import { knownTagsQuery, recordKeys } from '../records/queries';
import { ConflictView, type Resolution } from '../sync/ConflictView';
import { followLinkOnModClick, isLinkShortcut, OPEN_LINK_FORM } from './link-entry';
import { cleanPastedHtml } from './paste';
import { writeBelowLastBlock } from './below-last-block';
import { clickPlacesCaret } from './click-places-caret';
import { EditorState } from '@tiptap/pm/state';
import {
  conflictNotice,
  refusalNotice,
  hasSomethingToSend,
  publishOutcome,
  updateOutcome,
} from './publish-outcome';
import { draftQuery } from './queries';
import { useSaveBeforeClose } from './save-before-close';
import { takeHeldKeys } from './held-keys';
import { guardLeaving, leaveEditorThen, unsavedNotice } from './leave-guard';
import { SAVE_REQUEST, trackSave } from './save-order';
import { createAutosave, type Autosave } from './autosave';
import { documentHtml, editorExtensions } from './extensions';
import { countWordsInHtml, markupLoss, readingMinutes } from './fidelity';
import { MetadataPanel, refusesPanelField } from './MetadataPanel';
import { RevisionHistory } from './RevisionHistory';
import { editorDocument } from './editor-content';
import { Toolbar } from './Toolbar';
import { WordCount } from './WordCount';
import { firstWords, selectionAt, sourceRangeAt, type WriterPlace } from './writer-place';

const NO_PLACE = { from: 0, to: 0 };

// Below the sticky header, a line or two of context; above the window's bottom edge, room.
const CONTEXT_ABOVE = 45;
const CARET_CLEARANCE = { top: 140, bottom: 120, left: 0, right: 0 };

interface Props {
  draft: DraftView;
  publication: PublicationView;
  /** The stored text changed under the editor (restore, conflict resolved): remount it there. */
  onReplaced(place: WriterPlace): Promise<void>;
  /** Where the keyboard starts: a fresh opening picks the title or the text; a remount, the text. */
  initialFocus: 'opening' | 'text';
  /** After a remount: the mode and the place the writer was at, to open at again. */
  resumeAt?: WriterPlace;
}

/**
 * The sync badge speaks of the stored version. While the words on screen are newer than that
 * (a save is due), it says "Saving…" instead: "Synced" beside unsaved words would be untrue.
 */
function SyncBadge({
  autosave,
  draft,
  title,
}: {
  autosave: Autosave;
  draft: DraftView;
  title: string | undefined;
}) {
  const state = useSyncExternalStore(autosave.subscribe, autosave.state);
  const { data: sync } = useQuery(syncStatusQuery());
  const due = state.kind === 'pending' || state.kind === 'saving';
  const shown = syncShown(
    draft.syncState,
    sync?.waitingFor.includes(draft.publicationId) ?? false,
    Boolean(sync?.stalled),
  );
  return (
    <span
      className={`badge sync-badge ${due ? 'sync-saving' : `sync-${shown}`}`}
      title={due ? undefined : title}
    >
      {due ? 'Saving…' : SYNC_LABELS[shown]}
    </span>
  );
}

/**
 * Readers of a live post see the version sent last. Update is the next step only when there is
 * something newer: edits held here, or words not yet saved (they are saved first). Otherwise it
 * says there is nothing to send rather than claim an update.
 */
function UpdateButton({
  autosave,
  draft,
  publicationName,
  onUpdate,
}: {
  autosave: Autosave;
  draft: DraftView;
  publicationName: string;
  onUpdate(): void;
}) {
  const state = useSyncExternalStore(autosave.subscribe, autosave.state);
  // Words saved a moment ago are newer than the draft as last read, until it is read again.
  const newest = autosave.lastFields();
  // Pressed already, these very words waiting for the service: not the next step again (a review).
  const onItsWay = draft.sendingAsIs;
  const due =
    (draft.syncState !== 'synced' && !onItsWay) ||
    state.kind !== 'saved' ||
    (newest !== undefined && differingFields(newest, draft.fields).length > 0);
  const said = onItsWay
    ? `Nothing new to update: these words are on their way to ${publicationName}.`
    : `Nothing to update: readers of ${publicationName} see this version.`;
  return (
    <button
      type="button"
      className={due ? 'primary' : undefined}
      aria-disabled={due ? undefined : 'true'}
      title={
        due
          ? undefined
          : onItsWay
            ? `On its way: readers of ${publicationName} see it once the service answers.`
            : `Readers of ${publicationName} see this version.`
      }
      onClick={() => (due ? onUpdate() : useUi.getState().notify({ tone: 'info', message: said }))}
    >
      Update on <TargetName name={publicationName} />
    </button>
  );
}

/**
 * The publication a button acts on, by name. A long name is cut short on screen, so the commands
 * keep to their row; the button's accessible name, and its tooltip, keep all of it.
 */
function TargetName({ name }: { name: string }) {
  return (
    <span className="target-name" title={name}>
      {name}
    </span>
  );
}

function SaveStatus({ autosave }: { autosave: Autosave }) {
  const state = useSyncExternalStore(autosave.subscribe, autosave.state);
  // While a save is due the badge says so; only a failure is announced, as every autosave would
  // otherwise talk over the writer.
  if (state.kind === 'pending' || state.kind === 'saving') return null;
  return (
    <span
      key={state.kind === 'error' ? 'failed' : 'fine'}
      className={`save-status save-${state.kind}`}
      role={state.kind === 'error' ? 'alert' : undefined}
    >
      {state.kind === 'error' ? `Not saved: ${state.message}` : 'Saved on this computer'}
    </span>
  );
}

function SourceWordCount({ autosave, initial }: { autosave: Autosave; initial: string }) {
  // Recounted whenever a save settles, not on every keystroke.
  useSyncExternalStore(autosave.subscribe, autosave.state);
  const words = countWordsInHtml(autosave.lastFields()?.content ?? initial);
  return (
    <span className="word-count">
      {words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read
    </span>
  );
}

/**
 * The text the writer brings back from HTML source is where undo starts. Left in the history,
 * the switch was one step: a single Ctrl+Z put back the visual editor's text from before (an
 * empty one for a post that opened in source), and autosave kept that.
 */
function startUndoHere(editor: Editor): void {
  const { doc, plugins, selection } = editor.state;
  editor.view.updateState(EditorState.create({ doc, plugins, selection }));
  // A transaction of nothing, so what reads the editor's state (the toolbar's Undo) reads again.
  editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
}

/**
 * The editor closed with words the store refused (a full disk): said, with a way to save them
 * still, as the autosave keeps them until they land.
 */
function sayUnsavedOnClose(
  draftId: string,
  autosave: Autosave,
  notify: (notice: NoticeRequest) => unknown,
): boolean {
  const state = autosave.state();
  if (state.kind !== 'error') return true;
  const title = autosave.lastFields()?.title || 'Untitled';
  notify({
    tone: 'error',
    about: unsavedNotice(draftId),
    message: `“${title}” closed before its last changes could be saved. ${sentence(state.message)}`,
    action: {
      label: 'Save again',
      run: () =>
        void trackSave(
          draftId,
          autosave.flush().then(() => {
            const saved = sayUnsavedOnClose(draftId, autosave, notify);
            if (saved) notify({ tone: 'info', message: `Saved “${title}”.` });
            return saved;
          }),
        ),
    },
  });
  return false;
}

export function DraftEditor({ draft, publication, onReplaced, initialFocus, resumeAt }: Props) {
  const queryClient = useQueryClient();
  // Only a conflict needs tag names here; the metadata panel asks for its own.
  const { data: knownTags } = useQuery({
    ...knownTagsQuery(draft.publicationId),
    enabled: draft.theirs !== null,
  });
  const notify = useUi((state) => state.notify);
  const openDraft = useUi((state) => state.openDraft);
  const fields = useRef<DraftFieldsView>({ ...draft.fields });
  const autosave = useMemo(
    () => createAutosave((latest) => bridge.drafts.save({ draftId: draft.id, fields: latest })),
    [draft.id],
  );
  useSaveBeforeClose(autosave, notify);
  useEffect(
    () =>
      guardLeaving(async () => {
        await autosave.flush();
        const state = autosave.state();
        if (state.kind !== 'error') return null;
        return { draftId: draft.id, message: state.message, abandon: () => autosave.drop() };
      }),
    [autosave, draft.id],
  );
  // Saved after all (space freed, Ctrl+S): the notice that the words were not has nothing to say.
  useEffect(
    () =>
      autosave.subscribe(() => {
        const about = unsavedNotice(draft.id);
        if (
          autosave.state().kind === 'saved' &&
          useUi.getState().notices.some((n) => n.about === about)
        )
          useUi.getState().dismissAbout(about);
      }),
    [autosave, draft.id],
  );
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
  // Set when the visual editor changed: its HTML is read once, when the save happens.
  const contentStale = useRef(false);
  const editorRef = useRef<Editor | null>(null);
  const currentFields = (): DraftFieldsView => {
    if (contentStale.current && editorRef.current) {
      fields.current = { ...fields.current, content: documentHtml(editorRef.current.state.doc) };
      contentStale.current = false;
    }
    return fields.current;
  };
  const update = (patch: Partial<DraftFieldsView>) => {
    fields.current = { ...fields.current, ...patch };
    autosave.schedule(currentFields);
  };
  // Markup the visual editor cannot keep: such a text opens in source mode, untouched.
  // Once per opening: a refetch after each save must not announce it again.
  const [initialLoss] = useState(() => markupLoss(draft.fields.content));
  const [mode, setMode] = useState<'visual' | 'source'>(
    initialLoss.length ? 'source' : (resumeAt?.mode ?? 'visual'),
  );
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  const [sourceSeed, setSourceSeed] = useState(draft.fields.content);
  const [pendingLoss, setPendingLoss] = useState<string[] | null>(null);
  const [status, setStatus] = useState(draft.fields.status ?? 'draft');
  const [resolving, setResolving] = useState(false);
  // The stored text is being replaced (Discard edits, a restore, a conflict choice).
  const [replacing, setReplacing] = useState(false);
  // Said to a screen reader after a save the writer asked for; autosaves stay quiet.
  const [saidSaved, setSaidSaved] = useState('');
  const saveNow = useCallback(
    () =>
      void autosave.flush().then(() => {
        if (autosave.state().kind === 'saved')
          setSaidSaved(`Saved at ${new Date().toLocaleTimeString()}.`);
      }),
    [autosave],
  );
  const source = useRef<HTMLTextAreaElement>(null);
  const title = useRef<HTMLTextAreaElement>(null);
  const stayInSource = useRef<HTMLButtonElement>(null);

  const header = useRef<HTMLElement>(null);
  const editor = useEditor(
    {
      extensions: editorExtensions,
      content: initialLoss.length ? '' : editorDocument(draft.fields.content).toJSON(),
      injectCSS: false,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        // The caret keeps clear of the sticky header above and of the window's edge below. At the
        // edge, Chromium showed typed letters late, seconds late on a long post (see README).
        scrollThreshold: CARET_CLEARANCE,
        scrollMargin: CARET_CLEARANCE,
        handleClick: (view, _pos, event) =>
          followLinkOnModClick(event) || writeBelowLastBlock(view, event),
        transformPastedHTML: (pasted) => {
          const { html, notes } = cleanPastedHtml(pasted);
          for (const message of notes) useUi.getState().notify({ tone: 'info', message });
          return html;
        },
        handleDOMEvents: { mousedown: clickPlacesCaret },
        handleKeyDown: (_view, event) => {
          if (!isLinkShortcut(event)) return false;
          window.dispatchEvent(new Event(OPEN_LINK_FORM));
          return true;
        },
        attributes: {
          'aria-label': `${draft.kind === 'post' ? 'Post' : 'Page'} text`,
          class: 'prose',
        },
      },
      onUpdate: () => {
        if (modeRef.current !== 'visual') return;
        contentStale.current = true;
        autosave.schedule(currentFields);
      },
    },
    [draft.id],
  );

  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // The caret's clearance at the top follows the header's height, which grows when a narrow
  // window or a large font wraps its rows, and so does the room a field reached by Tab keeps
  // above it (scroll-padding-top in styles.css). Only on a resize: never while typing.
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let top = CARET_CLEARANCE.top;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const wanted = element.offsetHeight + CONTEXT_ABOVE;
      root.setProperty('--editor-header-room', `${wanted}px`);
      if (wanted === top || editor.isDestroyed) return;
      top = wanted;
      const clearance = { ...CARET_CLEARANCE, top };
      editor.setOptions({
        editorProps: {
          ...editor.options.editorProps,
          scrollThreshold: clearance,
          scrollMargin: clearance,
        },
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--editor-header-room');
    };
  }, [editor]);

  // A new draft starts at its title; one with a title, in its text (at the top); a remount, where
  // the writer was.
  useEffect(() => {
    if (initialFocus === 'opening' && !draft.fields.title && title.current) {
      // Typed since New post was pressed: the new title's first letters, and after an Enter,
      // its text's first lines.
      const typed = takeHeldKeys();
      if (typed.title) {
        title.current.value = typed.title;
        update({ title: typed.title });
      }
      if (typed.text.length === 0) return title.current.focus();
      editor
        .chain()
        .setContent(
          typed.text.map((line) => ({
            type: 'paragraph',
            ...(line ? { content: [{ type: 'text', text: line }] } : {}),
          })),
        )
        .focus('end')
        .run();
      return;
    }
    const place = resumeAt?.mode === modeRef.current ? resumeAt : undefined;
    if (modeRef.current === 'source' && source.current) {
      source.current.focus({ preventScroll: true });
      source.current.setSelectionRange(...sourceRangeAt(source.current.value, place ?? NO_PLACE));
      source.current.scrollTop = place?.scrollTop ?? 0;
    } else if (modeRef.current === 'visual' && place) {
      editor.view.dispatch(
        editor.state.tr.setSelection(selectionAt(editor.state.doc, place)).scrollIntoView(),
      );
      editor.view.focus();
    } else {
      editor.view.dispatch(editor.state.tr.setSelection(firstWords(editor.state.doc)));
      editor.commands.focus(null, { scrollIntoView: false });
    }
    // Once, on mounting: later renders must never move the writer's caret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Sent at last (the writer's fix, or the service back): the refusal has nothing left to say.
  const refused = draft.syncState === 'error';
  useEffect(() => {
    if (!refused) useUi.getState().dismissAbout(refusalNotice(draft.id));
  }, [refused, draft.id]);

  // A conflict appears above the title while the writer is in the text: it is said, not only shown.
  const inConflict = draft.theirs !== null;
  useEffect(() => {
    if (!inConflict) return;
    const id = notify({
      tone: 'error',
      about: conflictNotice(draft.id),
      message: `This ${draft.kind} was changed on ${publication.name} too: choose which version to keep, above the title.`,
    });
    // Resolved, or the editor closed: the notice has nothing left to say.
    return () => useUi.getState().dismiss(id);
  }, [inConflict, draft.id, draft.kind, publication.name, notify]);

  // The warning is a dialog: the keyboard goes to it, on its safe choice.
  useEffect(() => {
    if (pendingLoss) stayInSource.current?.focus();
  }, [pendingLoss]);

  useEffect(() => {
    if (initialLoss.length)
      notify({
        tone: 'info',
        message: `Opened in HTML source: the visual editor would drop ${initialLoss.join(', ')}.`,
      });
    // Saved on the way out, whatever closes the editor; a reopening waits for it (save-order.ts).
    return () =>
      void trackSave(
        draft.id,
        autosave.flush().then(() => sayUnsavedOnClose(draft.id, autosave, notify)),
      );
  }, [autosave, draft.id, initialLoss, notify]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveNow();
      }
    };
    const onSaveRequest = () => saveNow();
    window.addEventListener('keydown', onKey);
    window.addEventListener(SAVE_REQUEST, onSaveRequest);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(SAVE_REQUEST, onSaveRequest);
    };
  }, [saveNow]);

  // The HTML source shown when the writer left the visual editor for it: coming back with it
  // unchanged, the visual editor is as it was, the caret where it was and Undo with its steps.
  const leftVisualWith = useRef<string | null>(null);
  const toSource = () => {
    const html = currentFields().content;
    leftVisualWith.current = html;
    setSourceSeed(html);
    setMode('source');
    setPendingLoss(null);
  };
  const toVisual = (force = false) => {
    const html = source.current?.value ?? fields.current.content;
    if (html === leftVisualWith.current) {
      setPendingLoss(null);
      setMode('visual');
      editor.commands.focus(null, { scrollIntoView: false });
      return;
    }
    const loss = markupLoss(html);
    if (loss.length && !force) return setPendingLoss(loss);
    editor.commands.setContent(editorDocument(html).toJSON(), { emitUpdate: false });
    editor.view.dispatch(editor.state.tr.setSelection(firstWords(editor.state.doc)));
    startUndoHere(editor);
    // Only now, with the writer's consent, does the text become what the editor keeps.
    if (loss.length) update({ content: documentHtml(editor.state.doc) });
    setPendingLoss(null);
    setMode('visual');
    editor.commands.focus(null, { scrollIntoView: false });
  };
  const stayWithSource = () => {
    setPendingLoss(null);
    source.current?.focus({ preventScroll: true });
  };

  // A second press while the first is on its way (a double-click) would take it straight back:
  // published and unpublished again, live for a moment, its address fixed for good.
  const [publishing, setPublishing] = useState(false);
  const publishingNow = useRef(false);
  const togglePublish = async () => {
    if (publishingNow.current) return;
    publishingNow.current = true;
    setPublishing(true);
    try {
      await publishOrUnpublish();
    } finally {
      publishingNow.current = false;
      setPublishing(false);
    }
  };
  const publishOrUnpublish = async () => {
    const next = status === 'publish' ? 'draft' : 'publish';
    if (!hasSomethingToSend(currentFields())) {
      notify({ tone: 'info', message: 'Nothing to publish yet: write a title or some text.' });
      return;
    }
    const readersSaw = draft.serviceStatus;
    update({ status: next });
    if (!(await savedFirst(next === 'publish' ? 'Not published' : 'Not unpublished'))) {
      // Left pending, the status would go out with the next save that lands, unasked.
      update({ status });
      return;
    }
    setStatus(next);
    try {
      await bridge.sync.syncNow({});
      const after = await queryClient.fetchQuery({ ...draftQuery(draft.id), staleTime: 0 });
      notify(publishOutcome(after, next, publication.name, readersSaw));
    } catch (error) {
      notify({ tone: 'error', message: describeError(error) });
    }
  };

  const sendUpdate = async () => {
    if (!(await savedFirst('Not updated'))) return;
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
   * dropped: saved late, it would have put the old words back over the new.
   */
  const replaceStored = async <T,>(
    notDone: string,
    replace: () => Promise<T>,
  ): Promise<{ done: true; result: T } | { done: false }> => {
    if (!(await savedFirst(notDone))) return { done: false };
    editor.setEditable(false, false);
    setReplacing(true);
    try {
      const result = await replace();
      autosave.drop();
      return { done: true, result };
    } catch (error) {
      notify({ tone: 'error', message: describeError(error) });
      if (!editor.isDestroyed) editor.setEditable(true, false);
      setReplacing(false);
      return { done: false };
    }
  };

  /** Opens the replaced text where the writer was; if it cannot be read, back to the list. */
  const reopen = async () => {
    try {
      await onReplaced(writerPlace());
    } catch (error) {
      notify({
        tone: 'error',
        message: `Done, but the ${kindLabel} could not be shown again: ${sentence(describeError(error))} Open it from the list.`,
      });
      openDraft(null);
    }
  };

  const discardEdits = async () => {
    const outcome = await replaceStored('Not discarded', () =>
      bridge.drafts.discard({ draftId: draft.id }),
    );
    if (!outcome.done) return;
    notify({
      tone: 'info',
      message: `Back to the version on ${publication.name}; your edits are in the history.`,
    });
    await reopen();
  };

  const removing = useRef(false);
  const remove = async () => {
    if (removing.current) return;
    removing.current = true;
    if (!(await savedFirst('Not deleted'))) {
      removing.current = false;
      return;
    }
    try {
      const { undoUntil } = await bridge.records.delete({ draftId: draft.id });
      // The list must not show it, not even for the moment before the core's event arrives.
      await queryClient.invalidateQueries({ queryKey: recordKeys.all(draft.publicationId) });
      openDraft(null);
      const seconds = Math.max(1, Math.round((undoUntil - Date.now()) / 1000));
      notify({
        tone: 'info',
        message: `Deleted “${fields.current.title || 'Untitled'}”. Undo is possible for ${seconds} seconds.`,
        until: undoUntil,
        focus: true,
        action: {
          label: 'Undo',
          run: () =>
            void bridge.records
              .undoDelete({ draftId: draft.id })
              .then(async () => {
                // The writer may have switched publication since: the sidebar follows the draft.
                const publications = queryClient.getQueryData(publicationsQuery().queryKey);
                if (!publications?.find((p) => p.id === draft.publicationId)?.active) {
                  await bridge.publications.setActive({ id: draft.publicationId });
                  await queryClient.invalidateQueries({ queryKey: publicationKeys.list });
                }
                await queryClient.invalidateQueries({
                  queryKey: recordKeys.all(draft.publicationId),
                });
              })
              .then(() =>
                leaveEditorThen(() => {
                  // And Posts or Pages, so "All pages" leads back to the page's own list.
                  if (useUi.getState().kind !== draft.kind) useUi.getState().showKind(draft.kind);
                  openDraft(draft.id);
                }),
              )
              .catch((error: unknown) => notify({ tone: 'error', message: describeError(error) })),
        },
      });
    } catch (error) {
      removing.current = false;
      notify({ tone: 'error', message: describeError(error) });
    }
  };

  const resolve = async (resolution: Resolution) => {
    setResolving(true);
    const outcome = await replaceStored('Not resolved', () =>
      bridge.sync.resolveConflict({ draftId: draft.id, resolution }),
    );
    setResolving(false);
    if (!outcome.done) return;
    const kept = outcome.result;
    useUi.getState().dismissAbout(conflictNotice(draft.id));
    if (!kept.includes(draft.id)) {
      // Theirs was the deletion: this draft is gone, and with it the editor.
      openDraft(kept[0] ?? null);
      notify({
        tone: 'info',
        message:
          resolution === 'both'
            ? 'Kept yours as a new draft; the original was deleted on the service.'
            : `Deleted, as it was on ${publication.name}.`,
      });
      return;
    }
    notify({
      tone: 'info',
      message:
        resolution === 'both' ? 'Kept both: yours is now a separate draft.' : 'Conflict resolved.',
    });
    await reopen();
  };

  const writerPlace = (): WriterPlace => {
    const field = source.current;
    if (modeRef.current === 'source' && field)
      return {
        mode: 'source',
        from: field.selectionStart,
        to: field.selectionEnd,
        scrollTop: field.scrollTop,
      };
    const { from, to } = editor.state.selection;
    return { mode: 'visual', from, to };
  };

  const restore = async (revisionId: number) => {
    const outcome = await replaceStored('Not restored', () =>
      bridge.drafts.restoreRevision({ draftId: draft.id, revisionId }),
    );
    if (!outcome.done) return;
    notify({
      tone: 'info',
      message: `Restored “${outcome.result.fields.title || 'Untitled'}”; the text it replaced is in the history.`,
    });
    await reopen();
  };

  // Readers see it, so edits wait for Update (the core's rule, electron/core/sync/hold.ts).
  const live = draft.serviceStatus === 'publish' && status === 'publish';
  // Asked for, not yet confirmed (offline, or on its way): never shown as done.
  const statusShown = statusBadge(
    status,
    draft.serviceStatus,
    publication.name,
    draft.syncState === 'error',
  );
  const pending = statusShown.className === 'status-pending';
  const kindLabel = draft.kind === 'post' ? 'post' : 'page';

  return (
    <section
      className="editor"
      aria-label={`Edit ${kindLabel}`}
      aria-busy={replacing}
      tabIndex={-1}
      {...SCREEN_START}
    >
      <h1 className="visually-hidden">
        Edit {kindLabel} for {publication.name}
      </h1>
      <header className="editor-header" ref={header}>
        {/* Where the words go and what state they are in stay in sight while scrolling, on a row
            of their own: beside the commands they pushed Unpublish onto a second row at 1280 px. */}
        <div className="editor-state">
          <p className="current-publication">
            Writing for <strong>{publication.name}</strong>
          </p>
          {/* Said in words, as in the list's Status column, not only by the Publish button. */}
          <span className={`badge status-badge ${statusShown.className}`} title={statusShown.title}>
            {statusShown.label}
          </span>
          <SyncBadge
            autosave={autosave}
            draft={draft}
            title={
              draft.lastError ??
              (draft.syncState === 'held'
                ? `Saved on this computer. Readers of ${publication.name} see the published version until you update it.`
                : draft.syncState === 'update-pending'
                  ? `Readers of ${publication.name} see the published version until the service answers. The update then goes as it was when you pressed it; what you write meanwhile waits for the next Update.`
                  : undefined)
            }
          />
          <SaveStatus autosave={autosave} />
          {draft.syncState === 'held' && (
            <button type="button" className="ghost small" onClick={() => void discardEdits()}>
              Discard edits
            </button>
          )}
          <span className="visually-hidden" role="status">
            {saidSaved}
          </span>
        </div>
        <div className="editor-actions">
          <button
            type="button"
            className="ghost"
            onClick={() => void leaveEditorThen(() => openDraft(null))}
          >
            <span aria-hidden="true">← </span>All {kindLabel}s
          </button>
          <span className="spacer" />
          <button type="button" onClick={saveNow} aria-keyshortcuts="Control+S Meta+S">
            Save
          </button>
          {live && (
            <UpdateButton
              autosave={autosave}
              draft={draft}
              publicationName={publication.name}
              onUpdate={() => void sendUpdate()}
            />
          )}
          {/* While a publish (or unpublish) waits for the service, the button takes it back: a
              way out, not the next step, so it does not take the main button's look. */}
          <button
            type="button"
            className={live || pending ? undefined : 'primary'}
            aria-disabled={publishing ? 'true' : undefined}
            onClick={() => void togglePublish()}
          >
            {status === 'publish'
              ? pending
                ? 'Keep as draft on'
                : 'Unpublish from'
              : pending
                ? 'Keep published on'
                : 'Publish to'}{' '}
            <TargetName name={publication.name} />
          </button>
        </div>
        <div className="editor-tools">
          {mode === 'visual' && <Toolbar editor={editor} />}
          <div className="mode-switch" role="group" aria-label="Editing mode">
            <button
              type="button"
              aria-pressed={mode === 'visual'}
              onClick={() => mode === 'source' && toVisual()}
            >
              Visual
            </button>
            <button
              type="button"
              aria-pressed={mode === 'source'}
              onClick={() => mode === 'visual' && toSource()}
            >
              HTML source
            </button>
          </div>
        </div>
      </header>
      {draft.lastError && (
        <p className="error-text" role="alert">
          Not synced: {draft.lastError}
          {refusesPanelField(draft.refusedFields)
            ? ' What it refused is marked in Details and search.'
            : ''}
        </p>
      )}
      {draft.theirs && (
        <ConflictView
          kind={draft.kind}
          mine={draft.fields}
          theirs={draft.theirs}
          publicationName={publication.name}
          tags={knownTags}
          busy={resolving}
          onResolve={(resolution) => void resolve(resolution)}
        />
      )}
      {/* A long title wraps onto more lines, all of it in sight, instead of scrolling sideways. */}
      <textarea
        ref={title}
        className="title-input"
        aria-label="Title"
        readOnly={replacing}
        placeholder="Title"
        rows={1}
        maxLength={500}
        defaultValue={draft.fields.title}
        onChange={(event) => {
          // A title is one line: a pasted line break becomes a space.
          const field = event.target;
          if (/[\r\n]/.test(field.value)) {
            const at = field.selectionStart;
            field.value = field.value.replace(/\r\n?|\n/g, ' ');
            field.setSelectionRange(at, at);
          }
          update({ title: field.value });
        }}
        onKeyDown={(event) => {
          // As in every blog editor: Enter ends the title and starts the text.
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (modeRef.current === 'source') {
            source.current?.focus();
            source.current?.setSelectionRange(0, 0);
          } else {
            editor.view.dispatch(editor.state.tr.setSelection(firstWords(editor.state.doc)));
            editor.commands.focus(null, { scrollIntoView: false });
            // TipTap moves the focus a frame later; a key typed before then went into the title.
            editor.view.focus();
          }
        }}
      />

      {pendingLoss && (
        <div
          className="loss-warning"
          role="alertdialog"
          aria-labelledby="loss-title"
          aria-describedby="loss-list"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              stayWithSource();
            }
          }}
        >
          <p id="loss-title">
            <strong>The visual editor cannot keep everything in this HTML.</strong> Switching would
            drop:
          </p>
          <ul id="loss-list">
            {pendingLoss.map((loss) => (
              <li key={loss}>
                <code>{loss}</code>
              </li>
            ))}
          </ul>
          <button type="button" ref={stayInSource} onClick={stayWithSource}>
            Stay in HTML source
          </button>
          <button type="button" className="danger" onClick={() => toVisual(true)}>
            Switch and drop it
          </button>
        </div>
      )}
      {/* Kept mounted, hidden, in HTML source: mounted again, it would draw the whole text anew
          (TipTap makes its node views again), each image requested twice on coming back. */}
      <EditorContent editor={editor} className="editor-content" hidden={mode !== 'visual'} />
      {mode === 'source' && (
        <textarea
          ref={source}
          className="source"
          aria-label="HTML source"
          readOnly={replacing}
          spellCheck={false}
          defaultValue={sourceSeed}
          onChange={(event) => update({ content: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && pendingLoss) {
              event.preventDefault();
              stayWithSource();
            }
          }}
        />
      )}
      <footer className="editor-footer">
        {mode === 'visual' ? (
          <WordCount editor={editor} sourceWords={null} />
        ) : (
          <SourceWordCount autosave={autosave} initial={sourceSeed} />
        )}
      </footer>
      <MetadataPanel
        initial={draft.fields}
        publicationId={draft.publicationId}
        onChange={update}
        serviceSlug={draft.serviceSlug}
        slugFollowsTitle={draft.slugFollowsTitle}
        slugChosenElsewhere={draft.slugChosenElsewhere}
        refused={draft.refusedFields}
      />
      <RevisionHistory
        draftId={draft.id}
        current={currentFields}
        publicationId={draft.publicationId}
        onRestore={restore}
      />
      {/* Out of the header, as in Ghost and WordPress: rarely wanted, never next to Update. */}
      <div className="editor-end">
        <button type="button" className="danger" onClick={() => void remove()}>
          Delete
        </button>
      </div>
    </section>
  );
}
