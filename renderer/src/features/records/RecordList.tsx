import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { SEARCH_LIMIT, type RecordSummary } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError } from '../../ui/errors';
import { focusIsLost, SCREEN_START } from '../../ui/focus';
import { useUi } from '../../ui-store';
import { syncStatusQuery } from '../sync/queries';
import {
  formatUpdated,
  listOrderCaption,
  statusBadge,
  SYNC_LABELS,
  SYNC_TITLES,
  syncShown,
} from './labels';
import { Pagination } from './Pagination';
import {
  keepWithinList,
  keptPageQuery,
  recordKeys,
  recordPageQuery,
  recordSearchQuery,
} from './queries';
import { SearchReach } from './SearchReach';

function searchSummary(count: number, mayBeMore: boolean, draftsOnly: boolean): string {
  const what = `${count === 1 ? '1 match' : `${count} matches`}${draftsOnly ? ' among drafts' : ''}`;
  // A search reads only what this computer holds: the service has no search of its own.
  const more = mayBeMore ? ': the most recent ones; add a word to narrow it' : '';
  return `${what} saved on this computer${more}.`;
}

const rowKey = (item: RecordSummary): string => item.draftId ?? `r${item.remoteId}`;

const keptTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const keptAt = (cachedAt: number | null): string =>
  cachedAt === null ? '' : ` on ${keptTime.format(new Date(cachedAt))}`;

export function RecordList({
  publicationId,
  publicationName,
}: {
  publicationId: string;
  publicationName: string;
}) {
  const { kind, page, perPage, draftsOnly, search } = useUi();
  const { setPage, setPerPage, setDraftsOnly, setSearch, openDraft, notify } = useUi.getState();
  const params = { publicationId, kind, page, perPage, draftsOnly };
  const queryClient = useQueryClient();
  // The copy kept on this computer is read only for a page not yet fetched in this session.
  const unfetched = queryClient.getQueryData(recordKeys.page(params)) === undefined;
  const kept = useQuery({ ...keptPageQuery(params), enabled: unfetched });
  const keepShown = keepWithinList(publicationId, kind);
  const list = useQuery({
    ...recordPageQuery(params),
    // What this list showed last, else this page as this computer kept it: rows at once (after a
    // restart, say) while the service is asked, and no flash of "Loading" between pages.
    placeholderData: (previous, previousQuery) =>
      keepShown(previous, previousQuery) ?? kept.data ?? undefined,
  });
  const checking = list.isPlaceholderData && list.data?.fromCache === true;
  const searching = search.trim().length > 0;
  const found = useQuery(recordSearchQuery(publicationId, kind, search, draftsOnly));
  const { data: sync } = useQuery(syncStatusQuery());
  const away = sync?.waitingFor.includes(publicationId) ?? false;
  const rows = useRef<HTMLTableSectionElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const returnTo = useUi((state) => state.returnTo);

  // The row clicked last is the one that opens: an earlier open answered late (a slow or silent
  // service) switched the editor to that post under the writer, seconds after the later one had
  // opened (a writer's review). None once the list is gone: the writer has moved on.
  const latest = useRef<RecordSummary | null>(null);
  useEffect(() => () => void (latest.current = null), []);
  // Nor once the writer has moved on in it: another kind, page, filter or search (review 50).
  useEffect(() => void (latest.current = null), [kind, page, perPage, draftsOnly, search]);
  const open = useMutation({
    mutationFn: async (item: RecordSummary) =>
      item.draftId ?? (await bridge.drafts.open({ publicationId, kind, slug: item.slug })).id,
    onSuccess: (draftId, item) => {
      if (item === latest.current) openDraft(draftId);
    },
    onError: (error, item) => {
      if (item === latest.current) notify({ tone: 'error', message: describeError(error) });
    },
  });
  const startOpen = (item: RecordSummary) => {
    latest.current = item;
    open.mutate(item);
  };
  const opening = open.isPending ? open.variables : undefined;
  const isOpening = (item: RecordSummary) =>
    opening !== undefined && rowKey(opening) === rowKey(item);

  // A page that no longer exists (its last record deleted, fewer pages elsewhere): the last one.
  const lastPage = list.data && !list.isPlaceholderData ? list.data.meta.lastPage : null;
  useEffect(() => {
    if (lastPage !== null && lastPage >= 1 && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);

  // The page count last seen for this list: a page that cannot be fetched (offline, never cached)
  // keeps the controls that lead back to the pages that can.
  const listKey = `${publicationId} ${kind} ${perPage} ${draftsOnly}`;
  const [known, setKnown] = useState<{ listKey: string; lastPage: number } | null>(null);
  if (lastPage !== null && (known?.listKey !== listKey || known.lastPage !== lastPage))
    setKnown({ listKey, lastPage });
  const knownLastPage = known?.listKey === listKey ? known.lastPage : null;

  // "Drafts only" holds while searching too, and means what the service's filter means: not live.
  const matches = (found.data ?? []).filter(
    (item) => !draftsOnly || (item.serviceStatus ?? 'draft') === 'draft',
  );
  const items = searching ? matches : (list.data?.items ?? []);
  const plural = kind === 'post' ? 'posts' : 'pages';
  // The rows are one Tab stop (arrows move among them): the row last in focus, else the first.
  const [rowStop, setRowStop] = useState<string | null>(null);
  const stop = items.some((item) => rowKey(item) === rowStop)
    ? rowStop
    : items[0] && rowKey(items[0]);

  // Back from the editor: the keyboard returns to the row it left, once that row is shown, unless
  // the writer has already moved on (a notice's Undo, the sidebar).
  // Settled means fetched afresh: a cached page from before the opening may not yet show the draft.
  const settled = searching ? !found.isFetching : !list.isFetching;
  useLayoutEffect(() => {
    if (returnTo === null) return;
    const free = focusIsLost() || document.activeElement === heading.current;
    const row = rows.current?.querySelector<HTMLButtonElement>(
      `button.row-open[data-draft-id="${CSS.escape(returnTo)}"]`,
    );
    if (row) {
      if (free) row.focus();
      useUi.getState().clearReturnTo();
    } else if (settled) {
      if (focusIsLost()) heading.current?.focus({ preventScroll: true });
      useUi.getState().clearReturnTo();
    }
  }, [returnTo, list.data, found.data, searching, settled]);

  // A pointer may click anywhere on a row. The title's button is still the row's one control
  // for the keyboard and assistive technology, so the row adds no role or Tab stop, and a click
  // on the button is left to it. A drag that selects text (to copy a title) opens nothing.
  const openRow = (item: RecordSummary) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('button, a')) return;
    // The tail of a double-click begun elsewhere (on Delete, which closed the editor under the
    // pointer) opens nothing; a row's own first click has opened it already.
    if (event.detail > 1) return;
    if (window.getSelection()?.toString()) return;
    startOpen(item);
  };

  // Arrow keys, Home and End move between rows; Enter opens the focused one.
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const buttons = [
      ...(rows.current?.querySelectorAll<HTMLButtonElement>('button.row-open') ?? []),
    ];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const target =
      event.key === 'ArrowDown'
        ? Math.min(buttons.length - 1, at + 1)
        : event.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons[target]?.focus();
  };

  return (
    <section className="record-list" aria-labelledby="list-title">
      <header className="list-header">
        <h1 id="list-title" ref={heading} tabIndex={-1} {...SCREEN_START}>
          {kind === 'post' ? 'Posts' : 'Pages'}
        </h1>
        <input
          ref={searchField}
          type="search"
          aria-label={`Search ${plural} saved on this computer`}
          placeholder={`Search ${plural}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draftsOnly}
            onChange={(event) => setDraftsOnly(event.target.checked)}
          />
          Drafts only
        </label>
      </header>
      {list.data?.fromCache && !searching && (
        <p className={list.data.refused && !checking ? 'error-text' : 'hint'}>
          {checking
            ? `Showing the copy saved on this computer${keptAt(list.data.cachedAt)} while ${publicationName} is asked for the latest…`
            : list.data.refused
              ? `Showing the copy saved on this computer${keptAt(list.data.cachedAt)}. ${list.data.refused}`
              : list.data.pieced
                ? `Showing the ${plural} this computer has seen: the service cannot be reached, and it may have more.`
                : `Showing the copy saved on this computer${keptAt(list.data.cachedAt)}: the service cannot be reached, so the ${plural} and the count of pages are as they were when it was saved.`}
        </p>
      )}
      {/* Always present, so what a search finds is announced as it changes. */}
      <p className={searching ? 'hint' : 'visually-hidden'} role="status">
        {!searching
          ? ''
          : found.isPending
            ? 'Searching what is saved on this computer…'
            : searchSummary(matches.length, (found.data?.length ?? 0) >= SEARCH_LIMIT, draftsOnly)}
      </p>
      {searching && (
        <SearchReach
          publicationId={publicationId}
          publicationName={publicationName}
          kind={kind}
          total={!draftsOnly && list.data ? list.data.meta.total : null}
          reachable={list.data ? !list.data.fromCache : false}
          allShown={
            !draftsOnly &&
            !!list.data &&
            !list.data.fromCache &&
            !list.isPlaceholderData &&
            list.data.meta.lastPage <= 1
          }
          // The button goes once pressed: the keyboard goes back to the search it serves.
          onStart={() => searchField.current?.focus()}
        />
      )}
      {searching && found.isPending ? (
        <p className="placeholder" aria-busy="true">
          Searching…
        </p>
      ) : searching && found.error ? (
        <div className="placeholder" role="alert">
          <p>{describeError(found.error)}</p>
          <button type="button" onClick={() => void found.refetch()}>
            Try again
          </button>
        </div>
      ) : list.isPending && !searching ? (
        <p className="placeholder" aria-busy="true">
          Loading {plural}…
        </p>
      ) : list.error && !searching ? (
        <div className="placeholder" role="alert">
          <p>{describeError(list.error)}</p>
          <button type="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="placeholder">
          {searching
            ? // The service has no search: only what this computer holds can be searched.
              `None of the ${plural} saved on this computer match “${search}”.`
            : draftsOnly
              ? `No draft ${plural}.`
              : `No ${plural} yet.`}
        </p>
      ) : (
        <table>
          {!searching && (
            <caption className="list-order">{listOrderCaption(items, publicationName)}</caption>
          )}
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Updated</th>
              <th scope="col">Sync</th>
            </tr>
          </thead>
          <tbody ref={rows} onKeyDown={onKeyDown}>
            {items.map((item) => {
              const state = syncShown(item.syncState, away, Boolean(sync?.stalled));
              const status = statusBadge(
                item.status,
                item.serviceStatus,
                publicationName,
                item.syncState === 'error',
              );
              return (
                <tr key={rowKey(item)} className="record-row" onClick={openRow(item)}>
                  <td>
                    <button
                      type="button"
                      className="row-open"
                      tabIndex={rowKey(item) === stop ? 0 : -1}
                      onFocus={() => setRowStop(rowKey(item))}
                      data-draft-id={item.draftId ?? undefined}
                      onClick={(event) => event.detail < 2 && startOpen(item)}
                      aria-busy={isOpening(item) || undefined}
                    >
                      {item.title || <em>Untitled</em>}
                    </button>
                    {/* Said while the service is asked for it: a click seemed to do nothing. */}
                    {isOpening(item) && (
                      <span className="hint row-opening" role="status">
                        {' '}
                        Opening…
                      </span>
                    )}
                  </td>
                  <td>
                    <span className={`badge ${status.className}`} title={status.title}>
                      {status.label}
                    </span>
                  </td>
                  <td
                    title={item.createdAt ? `Created ${formatUpdated(item.createdAt)}` : undefined}
                  >
                    {formatUpdated(item.updatedAt)}
                  </td>
                  <td>
                    <span className={`badge sync-${state}`} title={SYNC_TITLES[state]}>
                      {SYNC_LABELS[state]}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!searching && (list.data || (list.error && knownLastPage !== null)) && (
        <Pagination
          page={page}
          lastPage={list.data?.meta.lastPage ?? Math.max(knownLastPage ?? 1, page)}
          perPage={perPage}
          busy={list.isFetching}
          onPage={setPage}
          onPerPage={setPerPage}
        />
      )}
    </section>
  );
}
