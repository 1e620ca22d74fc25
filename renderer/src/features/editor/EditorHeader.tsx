import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useSyncExternalStore, type Ref } from 'react';
import { differingFields } from '../../../../shared/field-differences';
import type { RecordStatus } from '../../../../shared/model';
import type { DraftView, PublicationView } from '../../../../shared/views';
import { useUi } from '../../ui-store';
import { statusBadge, SYNC_LABELS, syncShown } from '../records/labels';
import { syncStatusQuery } from '../sync/queries';
import type { Autosave } from './autosave';
import { Toolbar } from './Toolbar';
import type { EditingMode } from './use-editing-mode';

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
  readOnly,
  onUpdate,
}: {
  autosave: Autosave;
  draft: DraftView;
  publicationName: string;
  readOnly: boolean;
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
      aria-disabled={due && !readOnly ? undefined : 'true'}
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

interface Props {
  ref: Ref<HTMLElement>;
  draft: DraftView;
  publication: PublicationView;
  autosave: Autosave;
  editor: Editor;
  /** The status the writer chose last, confirmed or not. */
  status: RecordStatus;
  publishing: boolean;
  /**
   * A Delete or a replaced text on its way: the actions that save or replace the post, and the
   * switch of editing mode, are not pressable (use-draft-actions.ts, use-editing-mode.ts).
   */
  readOnly: boolean;
  mode: EditingMode;
  saidSaved: string;
  onDiscardEdits(): void;
  onBackToList(): void;
  onSave(): void;
  onUpdate(): void;
  onTogglePublish(): void;
  onVisual(): void;
  onSource(): void;
}

/** The editor's sticky header: where the words go, their state, the commands and the toolbar. */
export function EditorHeader({
  ref,
  draft,
  publication,
  autosave,
  editor,
  status,
  publishing,
  readOnly,
  mode,
  saidSaved,
  onDiscardEdits,
  onBackToList,
  onSave,
  onUpdate,
  onTogglePublish,
  onVisual,
  onSource,
}: Props) {
  // Readers see it, so edits wait for Update (the core's rule, electron/core/sync/hold.ts).
  const live = draft.serviceStatus === 'publish' && status === 'publish';
  // Asked for, not yet confirmed (offline, or on its way): never shown as done.
  const statusShown = statusBadge(
    status,
    draft.serviceStatus,
    publication.name,
    draft.syncState === 'error',
  );
  // A press the service refused waits too, for the writer's fix rather than the service: it goes
  // by itself once that is in, so the button takes it back, as it does a pending one.
  const pending =
    statusShown.className === 'status-pending' || statusShown.className === 'status-refused';
  const kindLabel = draft.kind === 'post' ? 'post' : 'page';

  return (
    <header className="editor-header" ref={ref}>
      {/* Where the words go and what state they are in stay in sight while scrolling, on a row
          of their own: beside the commands they pushed Unpublish onto a second row at 1280 px. */}
      <div className="editor-state">
        {/* A long name is cut short here as in the commands, so the state keeps to its row. */}
        <p className="current-publication">
          Writing for{' '}
          <strong className="target-name" title={publication.name}>
            {publication.name}
          </strong>
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
          <button
            type="button"
            className="ghost small"
            aria-disabled={readOnly ? 'true' : undefined}
            onClick={onDiscardEdits}
          >
            Discard edits
          </button>
        )}
        <span className="visually-hidden" role="status">
          {saidSaved}
        </span>
      </div>
      <div className="editor-actions">
        <button type="button" className="ghost" onClick={onBackToList}>
          <span aria-hidden="true">← </span>All {kindLabel}s
        </button>
        <span className="spacer" />
        <button type="button" onClick={onSave} aria-keyshortcuts="Control+S Meta+S">
          Save
        </button>
        {live && (
          <UpdateButton
            autosave={autosave}
            draft={draft}
            publicationName={publication.name}
            readOnly={readOnly}
            onUpdate={onUpdate}
          />
        )}
        {/* While a publish (or unpublish) waits for the service, or for the writer's fix of what
            it refused, the button takes it back: a way out, not the next step, so it does not
            take the main button's look. */}
        <button
          type="button"
          className={live || pending ? undefined : 'primary'}
          aria-disabled={publishing || readOnly ? 'true' : undefined}
          onClick={onTogglePublish}
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
        {mode === 'visual' && <Toolbar editor={editor} readOnly={readOnly} />}
        <div className="mode-switch" role="group" aria-label="Editing mode">
          <button
            type="button"
            aria-pressed={mode === 'visual'}
            aria-disabled={readOnly ? 'true' : undefined}
            onClick={() => mode === 'source' && onVisual()}
          >
            Visual
          </button>
          <button
            type="button"
            aria-pressed={mode === 'source'}
            aria-disabled={readOnly ? 'true' : undefined}
            onClick={() => mode === 'visual' && onSource()}
            // What "HTML" stands for, in sight on hover where "source" is cut (a writer's review).
            title="Edit the HTML source"
          >
            {/* "source" steps out of sight in a narrow header, never out of the name. */}
            HTML <span className="mode-word">source</span>
          </button>
        </div>
      </div>
    </header>
  );
}
