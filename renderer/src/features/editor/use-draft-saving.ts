import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DraftFieldsView } from '../../../../shared/model';
import type { DraftView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { useUi, type NoticeRequest } from '../../ui-store';
import { createAutosave, type Autosave } from './autosave';
import { sayUnsavedOnClose, takeClosedWords } from './closed-unsaved';
import { documentHtml } from './extensions';
import { guardLeaving, unsavedNotice } from './leave-guard';
import { useSaveBeforeClose } from './save-before-close';
import { SAVE_REQUEST } from './save-order';

export type DraftSaving = ReturnType<typeof useDraftSaving>;

/**
 * The draft's fields as the writer leaves them, and their saving to the local store, also before
 * the window closes or the writer leaves the draft. The text is read from the visual editor
 * (`editorRef`, once it is made) only when a save happens. While `readOnly()` (a Delete or a
 * replaced text on its way), the fields take no change.
 */
export function useDraftSaving(
  draft: DraftView,
  notify: (notice: NoticeRequest) => unknown,
  editorRef: RefObject<Editor | null>,
  readOnly: () => boolean,
) {
  const fields = useRef<DraftFieldsView>({ ...draft.fields });
  const autosave = useMemo(
    () => createAutosave((latest) => bridge.drafts.save({ draftId: draft.id, fields: latest })),
    [draft.id],
  );
  useSaveBeforeClose(autosave, notify);
  // "Leave without them" drops the words only once the editor is gone: a way out that does not
  // happen after all (Cancel in Remove, a switch that fails) must leave them on screen and still
  // saveable, not shown as "Saved" (a writer's review of the editor's ways out). Asked again, or
  // written on, the editor keeps its words as ever.
  const abandoned = useRef(false);
  useEffect(
    () =>
      guardLeaving(async () => {
        abandoned.current = false;
        await autosave.flush();
        const state = autosave.state();
        if (state.kind !== 'error') return null;
        return {
          draftId: draft.id,
          message: state.message,
          abandon: () => {
            abandoned.current = true;
          },
        };
      }),
    [autosave, draft.id],
  );
  // Opened again on words its last editor closed on unsaved (queries.ts): this editor saves them,
  // and says so until they land.
  useEffect(() => {
    if (!takeClosedWords(draft.id, autosave)) return;
    autosave.schedule(fields.current);
    notify({
      tone: 'error',
      about: unsavedNotice(draft.id),
      publicationId: draft.publicationId,
      message: `“${fields.current.title || 'Untitled'}” is open again with the changes that could not be saved: they are not saved yet.`,
    });
  }, [autosave, draft.id, draft.publicationId, notify]);
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
  // Set when the visual editor changed: its HTML is read once, when the save happens.
  const contentStale = useRef(false);
  const currentFields = (): DraftFieldsView => {
    if (contentStale.current && editorRef.current) {
      fields.current = { ...fields.current, content: documentHtml(editorRef.current.state.doc) };
      contentStale.current = false;
    }
    return fields.current;
  };
  /** `takingBack`: a change of the editor's own undone (a status its save refused), never refused. */
  const update = (patch: Partial<DraftFieldsView>, takingBack = false) => {
    // Saved into the post, any change takes a waiting Delete back in the core, and saved over a
    // replaced text puts the old words back: whatever asks, nothing changes meanwhile (a review
    // of the editor's ways out found a status, and a text from HTML source, saved so).
    if (readOnly() && !takingBack) return;
    abandoned.current = false;
    fields.current = { ...fields.current, ...patch };
    autosave.schedule(currentFields);
  };
  const textChanged = () => {
    abandoned.current = false;
    contentStale.current = true;
    autosave.schedule(currentFields);
  };
  /** Whatever closes the editor: its last words saved, unless the writer chose to leave them. */
  const saveOnClose = useCallback((): Promise<boolean> => {
    if (abandoned.current) autosave.drop();
    return autosave
      .flush()
      .then(() =>
        sayUnsavedOnClose({ id: draft.id, publicationId: draft.publicationId }, autosave, notify),
      );
  }, [autosave, draft.id, draft.publicationId, notify]);
  return { fields, autosave, currentFields, update, textChanged, saveOnClose };
}

/** Ctrl+S, Cmd+S and the Save button: saved now, and said to a screen reader once it is. */
export function useSaveNow(autosave: Autosave): { saidSaved: string; saveNow(): void } {
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
  return { saidSaved, saveNow };
}
