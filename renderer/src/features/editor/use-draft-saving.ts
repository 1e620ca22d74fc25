import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DraftFieldsView } from '../../../../shared/model';
import type { DraftView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { sentence } from '../../ui/errors';
import { useUi, type NoticeRequest } from '../../ui-store';
import { createAutosave, type Autosave } from './autosave';
import { documentHtml } from './extensions';
import { guardLeaving, unsavedNotice } from './leave-guard';
import { useSaveBeforeClose } from './save-before-close';
import { SAVE_REQUEST, trackSave } from './save-order';

export type DraftSaving = ReturnType<typeof useDraftSaving>;

/**
 * The draft's fields as the writer leaves them, and their saving to the local store, also before
 * the window closes or the writer leaves the draft. The text is read from the visual editor
 * (`editorRef`, once it is made) only when a save happens.
 */
export function useDraftSaving(
  draft: DraftView,
  notify: (notice: NoticeRequest) => unknown,
  editorRef: RefObject<Editor | null>,
) {
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
  // Set when the visual editor changed: its HTML is read once, when the save happens.
  const contentStale = useRef(false);
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
  const textChanged = () => {
    contentStale.current = true;
    autosave.schedule(currentFields);
  };
  return { fields, autosave, currentFields, update, textChanged };
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

/**
 * The editor closed with words the store refused (a full disk): said, with a way to save them
 * still, as the autosave keeps them until they land.
 */
export function sayUnsavedOnClose(
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
