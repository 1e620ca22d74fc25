import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { describeError } from '../../ui/errors';
import { useUi } from '../../ui-store';
import { DraftEditor, type ShownEditor } from './DraftEditor';
import { useLeaveOnClose } from './leave-draft';
import { draftKeys, draftQuery } from './queries';
import { textReplaced, useTextReplaced } from './replaced-text';
import type { WriterPlace } from './writer-place';

export function EditorScreen({
  draftId,
  publications,
}: {
  draftId: string;
  publications: PublicationView[];
}) {
  const queryClient = useQueryClient();
  const openDraft = useUi((state) => state.openDraft);
  // Always read afresh on opening: the cached copy may predate the last words typed into it.
  const {
    data: draft,
    error,
    isFetchedAfterMount,
  } = useQuery({ ...draftQuery(draftId), refetchOnMount: 'always' });
  // Read since this opening: a copy cached before may miss the last words typed into it. Counted,
  // not timed (the clock may not move between two reads), and isFetchedAfterMount is read so that
  // a read returning the same copy still renders again.
  const reads = () => queryClient.getQueryState(draftKeys.one(draftId))?.dataUpdateCount ?? 0;
  const [readsBefore] = useState(reads);
  const fresh = draft !== undefined && isFetchedAfterMount && reads() > readsBefore;
  const [generation, setGeneration] = useState(0);
  const [resumeAt, setResumeAt] = useState<WriterPlace>();
  // The place is this screen's own: one opened again while the Discard waited read it from the
  // editor where it was pressed, long unmounted, the wrong mode's, and the HTML source opened at
  // its top, the writer's next words there (review R5).
  const shown = useRef<ShownEditor>(null);
  // Resolved once the editor remounted on a replaced text has rendered: the hold is let go only
  // then. Let go before, the editor about to go, still showing the text replaced, turned editable
  // until React rendered, and a key typed then saved it back (review R5). Rendering at once
  // instead (flushSync) ran the new editor's focus while the snapshot preview was still modal.
  const remounted = useRef<(() => void)[]>([]);
  useEffect(() => {
    for (const done of remounted.current.splice(0)) done();
  }, [generation]);
  useEffect(() => () => remounted.current.splice(0).forEach((done) => done()), []);
  useTextReplaced(
    draftId,
    () =>
      new Promise<void>((done) => {
        remounted.current.push(done);
        setResumeAt(shown.current?.writerPlace());
        setGeneration((n) => n + 1);
      }),
  );
  useLeaveOnClose(draftId);
  // Once open, the editor holds the text: a later read that fails (a refresh after a sync) must
  // not take it off the screen.
  if (error && !fresh)
    return (
      <div className="placeholder" role="alert">
        <p>{describeError(error)}</p>
        <button type="button" onClick={() => openDraft(null)}>
          Back to the list
        </button>
      </div>
    );
  if (!fresh)
    return (
      <p className="placeholder" aria-busy="true">
        Opening…
      </p>
    );
  // The draft's own publication names the target, not whichever one is active in the sidebar.
  const publication = publications.find((p) => p.id === draft.publicationId);
  if (!publication)
    return (
      <div className="placeholder" role="alert">
        <p>This draft’s publication is no longer in Quire.</p>
        <button type="button" onClick={() => openDraft(null)}>
          Back to the list
        </button>
      </div>
    );
  return (
    <>
      <DraftEditor
        key={`${draft.id}:${generation}`}
        ref={shown}
        draft={draft}
        publication={publication}
        initialFocus={generation === 0 ? 'opening' : 'text'}
        resumeAt={resumeAt}
        onReplaced={async () => {
          // A read already on its way began before the text was replaced: fetchQuery would hand
          // it back, and the editor reopened on the text replaced (review R7).
          await queryClient.cancelQueries({ queryKey: draftKeys.one(draftId), exact: true });
          await queryClient.fetchQuery({ ...draftQuery(draftId), staleTime: 0 });
          void queryClient.invalidateQueries({ queryKey: draftKeys.revisions(draftId) });
          // This screen, or one opened on the draft since (replaced-text.ts).
          await textReplaced(draftId);
        }}
      />
    </>
  );
}
