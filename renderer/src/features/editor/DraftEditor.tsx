import { useQuery } from '@tanstack/react-query';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  useSyncExternalStore,
  type Ref,
} from 'react';
import type { DraftView, PublicationView } from '../../../../shared/views';
import { SCREEN_START } from '../../ui/focus';
import { useUi } from '../../ui-store';
import { knownTagsQuery } from '../records/queries';
import { ConflictView } from '../sync/ConflictView';
import type { Autosave } from './autosave';
import { writeBelowLastBlock } from './below-last-block';
import { clickPlacesCaret } from './click-places-caret';
import { editorDocument } from './editor-content';
import { EditorHeader } from './EditorHeader';
import { editorExtensions } from './extensions';
import { countHtml } from './fidelity';
import { countLine } from './word-count';
import { takeHeldKeys } from './held-keys';
import { leaveEditorThen } from './leave-guard';
import { followLinkOnModClick, isLinkShortcut, OPEN_LINK_FORM } from './link-entry';
import { MetadataPanel, refusedPanelLabels, refusesPanelField } from './MetadataPanel';
import { cleanPastedHtml } from './paste';
import { conflictNotice, refusalLine, refusalNotice } from './publish-outcome';
import { useReadOnlyLock } from './read-only-lock';
import { RevisionHistory } from './RevisionHistory';
import { trackSave } from './save-order';
import { CARET_CLEARANCE, useCaretClearance } from './use-caret-clearance';
import { useDraftActions } from './use-draft-actions';
import { useDraftSaving, useSaveNow } from './use-draft-saving';
import { useEditingMode, useModeSwitch } from './use-editing-mode';
import { useTextKeptInPlace } from './use-text-kept-in-place';
import { WordCount } from './WordCount';
import { firstWords, selectionAt, sourceRangeAt, type WriterPlace } from './writer-place';

const NO_PLACE = { from: 0, to: 0 };

interface Props {
  draft: DraftView;
  publication: PublicationView;
  /** The stored text changed under the editor (restore, conflict resolved): remount it there. */
  onReplaced(): Promise<void>;
  /**
   * Where the keyboard starts: a fresh opening picks the title or the text; a remount, the text,
   * or the Title when the writer was in it (`resumeAt.title`).
   */
  initialFocus: 'opening' | 'text';
  /** After a remount: the mode and the place the writer was at, to open at again. */
  resumeAt?: WriterPlace;
  ref?: Ref<ShownEditor>;
}

/** What the screen reads from the editor it shows. */
export interface ShownEditor {
  /** Where the writer is now, to open at again when the text is replaced under it. */
  writerPlace(): WriterPlace;
}

function SourceWordCount({ autosave, initial }: { autosave: Autosave; initial: string }) {
  // Recounted whenever a save settles, not on every keystroke.
  useSyncExternalStore(autosave.subscribe, autosave.state);
  return (
    <span className="word-count">
      {countLine(countHtml(autosave.lastFields()?.content ?? initial))}
    </span>
  );
}

export function DraftEditor({
  draft,
  publication,
  onReplaced,
  initialFocus,
  resumeAt,
  ref,
}: Props) {
  // Only a conflict needs tag names here; the metadata panel asks for its own.
  const { data: knownTags } = useQuery({
    ...knownTagsQuery(draft.publicationId),
    enabled: draft.theirs !== null,
  });
  const notify = useUi((state) => state.notify);
  const openDraft = useUi((state) => state.openDraft);
  const editorRef = useRef<Editor | null>(null);
  const readOnlyLock = useReadOnlyLock(draft.id, editorRef);
  const { readOnly } = readOnlyLock;
  const saving = useDraftSaving(draft, notify, editorRef, readOnlyLock.held);
  const { autosave, currentFields, update, textChanged, saveOnClose } = saving;
  const editing = useEditingMode(draft.fields.content, resumeAt);
  const { initialLoss, mode, modeRef, sourceSeed, pendingLoss } = editing;
  const source = useRef<HTMLTextAreaElement>(null);
  const title = useRef<HTMLTextAreaElement>(null);

  // Read once: the draft comes back after every save, and reading a long post again at each
  // render held up the letters typed next (35 ms and more on a 100,000-character post).
  const [opening] = useState(() =>
    initialLoss.length ? '' : editorDocument(draft.fields.content).toJSON(),
  );
  const editor = useEditor(
    {
      extensions: editorExtensions,
      content: opening,
      // A reopened editor of a draft still held (a Delete on its way) starts read-only.
      editable: !readOnlyLock.held(),
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
        textChanged();
      },
    },
    [draft.id],
  );

  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  const header = useCaretClearance(editor);
  const refusalText = draft.lastError
    ? refusalLine(
        draft,
        publication.name,
        refusesPanelField(draft.refusedFields),
        refusedPanelLabels(draft.refusedFields),
      )
    : null;
  // The refusal's line, out of sight above the text (scrolled past to keep the writer's place),
  // is shown in the status area too (said aloud once, by the line); a Publish refused says it
  // there already, more exactly.
  // Once a refusal: dismissed, it is not shown again when more moves the line (a note, a
  // wrap); a refusal that goes and comes back is a new one.
  const refusalShown = useRef<string | null>(null);
  useEffect(() => {
    if (!refusalText) refusalShown.current = null;
  }, [refusalText]);
  const { above: aboveText, room: textRoom } = useTextKeptInPlace(header, title, () => {
    const about = refusalNotice(draft.id);
    if (!refusalText || refusalShown.current === refusalText) return;
    refusalShown.current = refusalText;
    if (useUi.getState().notices.some((shown) => shown.about === about)) return;
    notify({ tone: 'error', about, message: refusalText, said: true });
  });

  // Where the writer was, on a remount (or the text's first words). Without `keyboard`, only the
  // place: the writer has gone elsewhere since (below).
  function land(keyboard = true): void {
    if (!editor) return;
    const place = resumeAt?.mode === modeRef.current ? resumeAt : undefined;
    const field = source.current;
    let focus: () => void;
    if (modeRef.current === 'source' && field) {
      // A visual place too: the replaced text could open only here (sourceRangeAt).
      field.setSelectionRange(...sourceRangeAt(field.value, resumeAt ?? NO_PLACE));
      field.scrollTop = place?.scrollTop ?? 0;
      // Scrolled as the writer had it, or else to the caret: Chromium brings a caret set by
      // script into view only on focus, and a visual place carried here was left off screen, at
      // the field's top (review R7).
      focus = () => field.focus({ preventScroll: place?.scrollTop !== undefined });
    } else if (modeRef.current === 'visual' && place) {
      editor.view.dispatch(
        editor.state.tr.setSelection(selectionAt(editor.state.doc, place)).scrollIntoView(),
      );
      focus = () => editor.view.focus();
    } else {
      editor.view.dispatch(editor.state.tr.setSelection(firstWords(editor.state.doc)));
      focus = () => editor.commands.focus(null, { scrollIntoView: false });
    }
    if (!keyboard) return;
    focus();
    // The writer was in the Title when the text landed: the keyboard stays there, or the next
    // letter meant for the title went into the post (review R6). The text keeps their place.
    if (resumeAt?.title) {
      title.current?.focus();
      title.current?.setSelectionRange(...resumeAt.title);
    }
  }

  // A remount's landing, kept until the editor is editable (below).
  const landing = useRef<typeof land | null>(null);
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
    // Remounted on a replaced text while its hold still stands (let go only once this editor has
    // rendered, review R5): the keyboard goes to it once it is editable, the preview's dialog
    // gone by then.
    if (initialFocus === 'text' && readOnlyLock.held()) landing.current = land;
    else land();
    // Once, on mounting: later renders must never move the writer's caret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (readOnly || !landing.current) return;
    const go = landing.current;
    landing.current = null;
    // The hold may outlast the remount by long (a Delete refused at last): a writer who has gone
    // elsewhere since (the Title) keeps the keyboard there, the text only their place in it
    // (review R7). Focus on the body is no choice of theirs: it falls there when the remount, or
    // the preview's closing, removes what had it (journey 05).
    go(document.activeElement === document.body);
  }, [readOnly]);

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

  const { stayInSource, toSource, toVisual, stayWithSource, writerPlace } = useModeSwitch({
    editing,
    source,
    editor,
    saving,
    readOnly: readOnlyLock.held,
  });
  useImperativeHandle(ref, () => ({
    writerPlace: () => {
      const field = title.current;
      const inTitle = field !== null && document.activeElement === field;
      return {
        ...writerPlace(),
        ...(inTitle && { title: [field.selectionStart, field.selectionEnd] }),
      };
    },
  }));

  useEffect(() => {
    if (initialLoss.length)
      notify({
        tone: 'info',
        message: `Opened in HTML source: the visual editor would drop ${initialLoss.join(', ')}.`,
      });
    // Saved on the way out, whatever closes the editor; a reopening waits for it (save-order.ts).
    return () => void trackSave(draft.id, saveOnClose());
  }, [draft.id, initialLoss, notify, saveOnClose]);

  const { saidSaved, saveNow } = useSaveNow(autosave);
  const { status, publishing, resolving, deleting, ...act } = useDraftActions({
    draft,
    publication,
    saving,
    readOnlyLock,
    notify,
    onReplaced,
  });
  const kindLabel = draft.kind === 'post' ? 'post' : 'page';

  return (
    <section
      className="editor"
      aria-label={`Edit ${kindLabel}`}
      aria-busy={readOnly}
      tabIndex={-1}
      {...SCREEN_START}
    >
      <h1 className="visually-hidden">
        Edit {kindLabel} for {publication.name}
      </h1>
      <EditorHeader
        ref={header}
        draft={draft}
        publication={publication}
        autosave={autosave}
        editor={editor}
        status={status}
        publishing={publishing}
        readOnly={readOnly}
        mode={mode}
        saidSaved={saidSaved}
        onDiscardEdits={() => void act.discardEdits()}
        onBackToList={() => void leaveEditorThen(() => openDraft(null))}
        onSave={saveNow}
        onUpdate={() => void act.sendUpdate()}
        onTogglePublish={() => void act.togglePublish()}
        onVisual={toVisual}
        onSource={toSource}
      />
      <div ref={aboveText} className="above-text">
        {refusalText && (
          <p className="error-text" role="alert">
            {refusalText}
          </p>
        )}
        {/* Said at once as a notice too; kept here for a writer who opens the post later. */}
        {draft.note && <p>{draft.note}</p>}
        {draft.theirs && (
          <ConflictView
            kind={draft.kind}
            mine={draft.fields}
            theirs={draft.theirs}
            publicationName={publication.name}
            tags={knownTags}
            busy={resolving}
            onResolve={(resolution) => void act.resolve(resolution)}
          />
        )}
      </div>
      {/* A long title wraps onto more lines, all of it in sight, instead of scrolling sideways. */}
      <textarea
        ref={title}
        className="title-input"
        aria-label="Title"
        readOnly={readOnly}
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
          {/* Not while a Delete or a replaced text is on its way (use-editing-mode.ts). */}
          <button
            type="button"
            className="danger"
            aria-disabled={readOnly ? 'true' : undefined}
            onClick={() => toVisual(true)}
          >
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
          readOnly={readOnly}
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
          <WordCount editor={editor} />
        ) : (
          <SourceWordCount autosave={autosave} initial={sourceSeed} />
        )}
      </footer>
      <MetadataPanel
        initial={draft.fields}
        publicationId={draft.publicationId}
        onChange={update}
        readOnly={readOnly}
        serviceSlug={draft.serviceSlug}
        slugFollowsTitle={draft.slugFollowsTitle}
        slugChosenElsewhere={draft.slugChosenElsewhere}
        refused={draft.refusedFields}
      />
      <RevisionHistory
        draftId={draft.id}
        current={currentFields}
        publicationId={draft.publicationId}
        onRestore={act.restore}
      />
      {/* Out of the header, as in Ghost and WordPress: rarely wanted, never next to Update. */}
      <div className="editor-end">
        <button
          type="button"
          className="danger"
          aria-disabled={deleting ? 'true' : undefined}
          onClick={() => void act.remove()}
        >
          Delete
        </button>
      </div>
      <div ref={textRoom} className="text-room" aria-hidden="true" />
    </section>
  );
}
