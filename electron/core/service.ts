import { join } from 'node:path';
import { refusedAddresses } from '../../shared/contract';
import type { DraftFieldsView, PageMeta, RecordKind, RemoteRecord } from '../../shared/model';
import { SEARCH_LIMIT } from '../../shared/views';
import { SchemaTooNewError } from '../../server';
import { QuireError, isTransient } from '../../shared/errors';
import type { CoreEvent, PublicationView, SyncStatusView, UnsyncedView } from '../../shared/views';
import { PublishingApiClient, type FetchedRecord } from './api/client';
import type { CredentialStore } from './credentials';
import { dispatch, type Handlers } from './dispatch';
import { isDamagedDatabase, startEmbeddedService, type EmbeddedService } from './embedded';
import { checkPublication, serviceNameOf } from './publications';
import { sameService, storedAddress } from './service-address';
import {
  LocalStore,
  nothingWritten,
  type Draft,
  type StoredPublication,
} from './store/local-store';
import { sameWords } from './sync/conflict';
import { isUnanswered, SyncEngine, withTokenAdvice, type DeleteSent } from './sync/engine';
import { isBlankDraft } from '../../shared/blank-draft';
import { heldEdits } from './sync/hold';
import { SyncScheduler } from './sync/scheduler';
import { draftView, pageView, searchView } from './views';
import { draftsItMayBe, draftOfRecord } from './draft-of-record';

export const UNDO_WINDOW_MS = 10_000;
/** Pages of 100 that "search everything" fetches at most: 10,000 records, a minute or so. */
export const FETCH_ALL_PAGES = 100;
const ACTIVE_KEY = 'active-publication';
const EMBEDDED_ADDED_KEY = 'embedded-publication-added';

export interface CoreOptions {
  /** The app's data folder: the local store and the embedded service live here. */
  dataDir: string;
  credentials: CredentialStore;
  version: string;
  /** A fetch over Electron's net.request inside Electron (shell/chromium-fetch.ts); global fetch otherwise. */
  fetch?: typeof fetch;
  /** Start the reference server in-process as the default publication (first run adds it). */
  embedded?: false | { posts: number; pages: number };
  syncIntervalMs?: number;
  undoWindowMs?: number;
  /** How long a service's answer is waited for (the client's 15 s, unless a test says). */
  requestTimeoutMs?: number;
}

/**
 * How long an open looks at a service known to be away before it opens the copy kept here: one
 * that takes the connection and never answers (a captive portal, a train's wifi) kept the writer
 * waiting out the whole time limit, with nothing to show for it (a writer's review: 15 s).
 */
const AWAY_LOOK_MS = 2_000;
/**
 * The longest look a list takes again at posts a Delete trashed while it read: twice a try of
 * a service taking 4.5 s a request (review 65), and less than a time limit (review 66: uncapped,
 * a list taking 8 s was held 23 s by a service gone quiet).
 */
const LOOK_AGAIN_MOST_MS = 10_000;
/** How long an open waits for a Delete of its post on its way before it says so. */
const DELETE_WAIT_MS = 5_000;
/**
 * How many of those waits an open gives the push of a draft the post may be. Past them the open
 * says which draft it may be, still settling (review 63: behind a round's update of another post
 * that hung, 61 s of "Opening…").
 */
const SETTLE_WAITS = 2;

export interface Core {
  handlers: Handlers;
  dispatch(name: unknown, input: unknown): ReturnType<typeof dispatch>;
  subscribe(listener: (event: CoreEvent) => void): () => void;
  close(): Promise<void>;
}

const accountOf = (publicationId: string): string => `publication:${publicationId}`;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Opens the writer's own store. A refusal names the file and says what to do; the file is never
 * moved, renamed or deleted here (it holds the writer's drafts, unsent words included).
 */
function openLocalStore(file: string): LocalStore {
  try {
    return LocalStore.open(file);
  } catch (error) {
    throw new QuireError({ kind: 'storage', message: storeRefusal(file, error) }, { cause: error });
  }
}

function storeRefusal(file: string, error: unknown): string {
  const untouched = 'Quire has left the file untouched.';
  if (error instanceof SchemaTooNewError)
    return (
      `Quire's data file ${file} was written by a newer version of Quire (its schema is version ` +
      `${error.found}; this version reads up to ${error.supported}). Update Quire to open it. ${untouched}`
    );
  if (isDamagedDatabase(error))
    return (
      `Quire's data file ${file} is damaged and cannot be opened (${messageOf(error)}). ${untouched} ` +
      'Put back a copy of it from a backup, or move it (with any -wal and -shm file of the same ' +
      'name beside it) to another folder, then start Quire again: without it, Quire starts ' +
      'afresh and you add your publications again (drafts not yet sent stay in the moved file).'
    );
  if ((error as { code?: unknown } | null)?.code === 'SQLITE_FULL')
    return `Quire cannot open its data file ${file}: the disk is full. Free some space, then start Quire again.`;
  return `Quire cannot open its data file ${file}: ${messageOf(error)}. ${untouched}`;
}

/** Everything the renderer can ask for, over a local store, the keychain and the service. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const store = openLocalStore(join(options.dataDir, 'quire.db'));
  // An accidental New post must not leave an "Untitled" row behind; anything written stays.
  const droppable = (draft: Draft): boolean =>
    draft.remoteId === null &&
    draft.claimedSlug === null &&
    nothingWritten(draft.fields) &&
    store.revisions(draft.id).length === 0;
  // One left open as the window closed goes at the next start: else it stayed an "Untitled ·
  // Saved locally" row, counted unsynced at every launch (a writer's review).
  for (const publication of store.listPublications())
    for (const draft of store.listDrafts(publication.id))
      if (droppable(draft)) store.removeDraft(draft.id);
  const listeners = new Set<(event: CoreEvent) => void>();
  const emit = (event: CoreEvent): void => listeners.forEach((listener) => listener(event));
  const undoWindowMs = options.undoWindowMs ?? UNDO_WINDOW_MS;
  let lastSyncAt: number | null = null;
  // Why sync cannot go on here (the store cannot be written: the disk is full), until a round
  // gets through. Kept in memory: the store is what cannot take it.
  let stalled: string | null = null;

  let embedded: EmbeddedService | undefined;
  // Why the sample is not running, when it could not start: the sample never keeps the writer
  // from their own publications, so the core starts without it and its calls say this.
  let embeddedFailure: string | undefined;
  if (options.embedded !== false) {
    try {
      embedded = await startEmbeddedService(options.dataDir, options.embedded);
    } catch (error) {
      console.error('quire: the local sample could not start', error);
      embeddedFailure = `The local sample could not start: ${messageOf(error)}`;
    }
  }
  const sampleIn = (): StoredPublication | undefined =>
    store.listPublications().find((publication) => publication.embedded);
  const addSample = (service: EmbeddedService): string => {
    const id = store.addPublication({
      name: 'Local sample',
      baseUrl: service.url,
      subdomain: service.subdomain,
      embedded: true,
    });
    store.setSetting(EMBEDDED_ADDED_KEY, '1');
    store.setSetting(ACTIVE_KEY, id);
    return id;
  };
  if (embedded) {
    const existing = sampleIn();
    if (existing) store.setPublicationBaseUrl(existing.id, embedded.url);
    else if (!store.getSetting(EMBEDDED_ADDED_KEY) && store.listPublications().length === 0)
      addSample(embedded);
  }

  const clients = new Map<string, { baseUrl: string; client: PublishingApiClient }>();
  const requirePublication = (id: string): StoredPublication => {
    const publication = store.getPublication(id);
    if (!publication)
      throw new QuireError({
        kind: 'not-found',
        message: 'That publication is no longer in Quire',
      });
    return publication;
  };
  const tokenFor = async (publication: StoredPublication): Promise<string> => {
    if (publication.embedded) {
      if (embeddedFailure) throw new QuireError({ kind: 'storage', message: embeddedFailure });
      if (!embedded)
        throw new QuireError({
          kind: 'offline',
          message: 'The local sample service is not running',
        });
      return embedded.token;
    }
    const token = await options.credentials.get(accountOf(publication.id));
    if (!token)
      throw new QuireError({
        kind: 'unauthorized',
        message: `No token for "${publication.name}" in the keychain: enter it again with Token, beside the publication.`,
      });
    return token;
  };
  const clientFor = (publicationId: string): PublishingApiClient => {
    const publication = requirePublication(publicationId);
    const cached = clients.get(publicationId);
    if (cached && cached.baseUrl === publication.baseUrl) return cached.client;
    const client = new PublishingApiClient({
      baseUrl: publication.baseUrl,
      subdomain: publication.subdomain,
      token: () => tokenFor(publication),
      fetch: options.fetch,
      ...(options.requestTimeoutMs !== undefined && { timeoutMs: options.requestTimeoutMs }),
    });
    clients.set(publicationId, { baseUrl: publication.baseUrl, client });
    return client;
  };

  const status = (): SyncStatusView => {
    const waitingFor = engine.unreachableWithWork();
    // One pass over each away publication's drafts for both counts (review P8: two doubled the
    // time of every status read).
    const queued = waitingFor.flatMap((id) => unsentDrafts(id, true));
    // Refused, a change waits for the writer's fix, not for the service (a writer's review: the
    // banner said it "will sync when the service is back").
    const refused = queued.filter((draft) => draft.lastError).length;
    return {
      online: engine.online,
      pending: store.totalPending(),
      waiting: queued.length - refused,
      waitingFor,
      held: waitingFor.reduce((sum, id) => sum + store.heldForUpdate(id), 0),
      refused,
      conflicts: store.countConflicts(),
      lastSyncAt,
      stalled,
    };
  };
  const engine: SyncEngine = new SyncEngine({
    store,
    clientFor,
    onEvent: (event) => {
      if (event.type === 'connectivity') return emit({ type: 'sync', status: status() });
      emit({ type: 'draft-changed', draftId: event.draftId, publicationId: event.publicationId });
      // The writer saw it go (the list dropped it): said at once, not only on the draft.
      if (event.type === 'delete-refused')
        emit({
          type: 'delete-refused',
          draftId: event.draftId,
          publicationId: event.publicationId,
          title: store.getDraft(event.draftId)?.fields.title ?? '',
        });
    },
  });
  const stall = (trouble: string | null): void => {
    if (trouble === stalled) return;
    stalled = trouble;
    emit({ type: 'sync', status: status() });
  };
  const scheduler = new SyncScheduler({
    engine,
    hasWork: () => store.totalPending() > 0 || store.deletesMayLand().length > 0,
    makeDue: () => {
      store.makePushesDue();
      engine.fenceNow();
    },
    // All at once: one silent service must not hold up the news that another is back.
    probe: async () => {
      const answers = await Promise.all(
        engine.unreachableWithWork().map(async (publicationId) => {
          try {
            await clientFor(publicationId).list('post', { limit: 1 }, { retry: false });
          } catch (error) {
            // An answer, even a refusal (a revoked token, say), is not "offline": the drafts say
            // what is wrong instead. No answer: its changes wait for the next retry or probe.
            if (!(error instanceof QuireError && !isUnanswered(error))) return false;
          }
          engine.setReachable(publicationId, true);
          return true;
        }),
      );
      return answers.includes(true);
    },
    onRound: (succeeded) => {
      lastSyncAt = Date.now();
      // A round that got through wrote to the store: whatever stalled sync is over.
      if (succeeded) stalled = null;
      emit({ type: 'sync', status: status() });
    },
    onError: (error) => {
      console.error('quire: sync round failed', error);
      if (error instanceof QuireError && error.kind === 'storage') stall(error.message);
    },
    intervalMs: options.syncIntervalMs,
  });
  scheduler.start();
  /** The service answered a reader: if it was away, its waiting changes go now, not at backoff. */
  const reached = (publicationId: string): void => {
    if (engine.reachable(publicationId)) return;
    engine.setReachable(publicationId, true);
    store.makePushesDue();
    scheduler.kick();
  };
  /**
   * A page read since `mark` without what a Delete sent since trashed (review 59: a list answered
   * across the writer's Delete put the post back in the copy here, and offline it opened as a
   * draft). One still on its way, if it trashes it, takes the copy with it when it is answered.
   */
  const withoutTrashed = async <T extends { records: RemoteRecord[]; meta: PageMeta }>(
    mark: number,
    publicationId: string,
    kind: RecordKind,
    result: T,
    listTookMs: number,
  ): Promise<T> => {
    const trashed = (record: RemoteRecord) =>
      engine.deletesOf(mark, publicationId, kind, record.id).some((one) => one.trashed);
    if (!result.records.some(trashed)) return result;
    // Asked again: a colleague may have restored it since, and the list read after that
    // (review 60: a live post was left out of the list and of the copy here). All at once, and
    // for a look twice as long as the list's answer took, 2 s to 10 s (review 61: a service
    // gone quiet held the page a time limit a post; review 62: 2 s cut off a slow service's
    // answer). Its last try's time: review 63 found a first try that hung counted, and the look
    // ran a time limit; review 65, a cap of 4 s cutting off a service taking 4.5 s.
    // Unanswered, it is left out: as far as is known, the Delete trashed it.
    const look = new AbortController();
    // A post asked again is judged by the Deletes sent after that: its answer is older than any
    // later one (review 64: deleted again during the look, it went back in the copy here).
    const lookMark = engine.deleteMark();
    const trashedSinceAsked = (record: RemoteRecord) =>
      engine.deletesOf(lookMark, publicationId, kind, record.id).some((one) => one.trashed);
    const lookMs = Math.min(LOOK_AGAIN_MOST_MS, Math.max(AWAY_LOOK_MS, 2 * listTookMs));
    const timer = setTimeout(() => look.abort(), lookMs);
    const askedAgain = new Set<number>();
    try {
      const records = await Promise.all(
        result.records.map(async (record) => {
          if (!trashed(record)) return record;
          askedAgain.add(record.id);
          const now = await clientFor(publicationId)
            .findBySlug(kind, record.slug, { retry: false, signal: look.signal })
            .catch(() => undefined);
          return now?.id === record.id ? withoutEtag(now) : undefined;
        }),
      );
      // And what a Delete trashed during the look (review 63: it went back in the copy here).
      const kept = records.filter(
        (record): record is RemoteRecord =>
          record !== undefined &&
          !(askedAgain.has(record.id) ? trashedSinceAsked(record) : trashed(record)),
      );
      // Counted out of the total too (review 65: a page of 1 said 2; and a pass of "Search
      // everything" never added up, so a colleague's deleted post stayed in the copy here).
      // Its pages are as the service numbered them: a later page may hold what moved up.
      // And its last page by that total, as the service numbers them (review 66: "Page 1 of 2"
      // beside 10 posts at 10 a page, Next an empty page).
      const leftOut = result.records.length - kept.length;
      const total = Math.max(0, result.meta.total - leftOut);
      const perPage = result.meta.per_page;
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      return { ...result, meta: { ...result.meta, total, last_page: lastPage }, records: kept };
    } finally {
      clearTimeout(timer);
      engine.letGoOfMark(lookMark);
    }
  };

  const view = (draftId: string) => {
    const draft = store.getDraft(draftId);
    if (!draft) throw new QuireError({ kind: 'not-found', message: 'That draft no longer exists' });
    return draftView(draft, store, engine.reachable(draft.publicationId));
  };
  // Unsynced changes, one a draft: what it has queued (a push, a Delete: for a post, edited then
  // deleted while away, one change, not two), or an edit to a live record held for the writer's
  // Update. A blank new draft holds nothing to lose: not counted, while it is open either (a
  // writer's review saw "1 unsynced" beside an empty New post). One pass over the queue, not one
  // a draft. `queuedOnly`: the changes waiting for the service, as the offline banner counts them
  // (review P3: it counted queue entries, "2 changes" beside "1 unsynced").
  const unsent = (publicationId: string, queuedOnly = false): number =>
    unsentDrafts(publicationId, queuedOnly).length;
  const unsentDrafts = (publicationId: string, queuedOnly = false): Draft[] => {
    // A Delete taken back that may land yet waits on its fence, a write to the service too
    // (review U8: removing the publication dropped it unasked).
    const queued = new Set([
      ...store
        .allOps()
        .filter((op) => op.publicationId === publicationId)
        .map((op) => op.draftId),
      ...store.deletesMayLand().map((sent) => sent.draftId),
    ]);
    return store
      .listDrafts(publicationId)
      .filter((draft) => queued.has(draft.id) || (!queuedOnly && draft.localRev > draft.syncedRev))
      .filter((draft) => !droppable(draft));
  };

  /** Why a draft of the publication's has not gone, as Remove's dialog and the sidebar say it. */
  const whyUnsent = (publicationId: string) => {
    const owing = new Set(store.owingFences(publicationId));
    return (draft: Draft): UnsyncedView['why'] =>
      draft.conflict
        ? 'conflict'
        : draft.lastError
          ? 'refused'
          : store.hasPendingDelete(draft.id)
            ? 'delete'
            : owing.has(draft.id)
              ? 'may-land'
              : heldEdits(draft) && !store.hasPendingPush(draft.id)
                ? 'held'
                : draft.remoteId === null
                  ? 'new'
                  : 'edits';
  };

  const publicationViews = (): PublicationView[] => {
    const active = store.getSetting(ACTIVE_KEY);
    return store.listPublications().map((publication) => {
      const drafts = unsentDrafts(publication.id);
      const whyOf = whyUnsent(publication.id);
      return {
        id: publication.id,
        name: publication.name,
        baseUrl: publication.baseUrl,
        subdomain: publication.subdomain,
        embedded: publication.embedded,
        active: publication.id === active,
        pendingChanges: drafts.length,
        heldEdits: drafts.filter((draft) => whyOf(draft) === 'held').length,
        deletesMayLand: store.owingFences(publication.id).length,
        ...(publication.embedded && embeddedFailure ? { unavailable: embeddedFailure } : {}),
      };
    });
  };
  const changed = (draftId: string): void => {
    const draft = store.getDraft(draftId);
    if (draft) emit({ type: 'draft-changed', draftId, publicationId: draft.publicationId });
    // A dropped change may have been the last one waiting on an unreachable service.
    engine.connectivityChanged();
    scheduler.kick();
  };

  // A record opened for the first time has a draft now: said, so a list shown before gets the
  // row's draft (the row the keyboard goes back to after the editor).
  const adopted = (draftId: string) => {
    changed(draftId);
    return view(draftId);
  };

  /**
   * Refuses an address that runs or reads (`javascript:`, `file:` …) the renderer brings in: a
   * writer's slip, or a compromised page's. One the draft already holds came from the service
   * (a `data:` thumbnail, say) and goes back to it unchanged with every autosave, or every save
   * of the words beside it was refused (a security review, 2026-11-22).
   */
  const checkAddresses = (
    method: 'drafts.save' | 'records.create',
    fields: DraftFieldsView,
    draft: Draft | undefined,
  ): void => {
    const refused = refusedAddresses(fields, function* () {
      if (!draft) return;
      yield draft.fields;
      yield draft.conflict;
      if (draft.remoteId !== null)
        yield store.cachedRecord(draft.publicationId, draft.kind, draft.remoteId);
      // What the service sent before a later copy replaced it, while the editor still held it.
      for (const revision of store.revisions(draft.id)) yield revision.fields;
    });
    if (refused)
      throw new QuireError({
        kind: 'bad-input',
        message: `Invalid input for ${method}`,
        fields: refused,
      });
  };

  const handlers: Handlers = {
    'publications.list': async () => publicationViews(),
    'publications.add': async ({ name, baseUrl, subdomain, token }) => {
      const normalisedUrl = storedAddress(baseUrl);
      const lowerSubdomain = subdomain.toLowerCase();
      const refuseIfThere = (): void => {
        if (
          store
            .listPublications()
            .some(
              (p) =>
                sameService(p.baseUrl, normalisedUrl) &&
                p.subdomain.toLowerCase() === lowerSubdomain,
            )
        )
          throw new QuireError({
            kind: 'validation',
            message: 'This publication is already in Quire',
            fields: { subdomain: ['This publication is already in Quire.'] },
          });
      };
      refuseIfThere();
      const check = { baseUrl: normalisedUrl, subdomain: lowerSubdomain, token };
      await checkPublication(check, options.fetch);
      const named = name?.trim() || (await serviceNameOf(check, options.fetch));
      // Again, the checks above having waited on the service: the same one added meanwhile (a
      // Cancel while "Checking…", then Add again) was added twice, or refused by the store's own
      // constraint as a storage failure that paused sync (a review).
      refuseIfThere();
      const id = store.addPublication({
        name: named || lowerSubdomain,
        baseUrl: normalisedUrl,
        subdomain: lowerSubdomain,
      });
      try {
        await options.credentials.set(accountOf(id), token);
      } catch (error) {
        store.removePublication(id);
        throw error;
      }
      if (!store.getSetting(ACTIVE_KEY)) store.setSetting(ACTIVE_KEY, id);
      emit({ type: 'publications-changed' });
      const added = publicationViews().find((publication) => publication.id === id);
      if (!added) throw new Error('publication vanished after adding it');
      return added;
    },
    'publications.remove': async ({ id, discardUnsynced, losing }) => {
      const publication = requirePublication(id);
      const pending = unsent(id);
      if (pending > 0 && !discardUnsynced)
        throw new QuireError({
          kind: 'validation',
          message: `"${publication.name}" has ${pending} change(s) not yet on the service. Sync first, or confirm discarding them.`,
        });
      // Only what the writer was shown goes: one saved since is named, and the publication kept.
      const notAgreed = (when: string): void => {
        if (losing === undefined || !discardUnsynced) return;
        const agreed = new Set(losing);
        const others = unsentDrafts(id).filter((draft) => !agreed.has(draft.id));
        if (others.length === 0) return;
        const names = others
          .slice(0, 3)
          .map((draft) => `“${draft.fields.title || 'Untitled'}”`)
          .join(', ');
        const more = others.length > 3 ? ` and ${others.length - 3} more` : '';
        throw new QuireError({
          kind: 'validation',
          message: `"${publication.name}" was kept: ${names}${more} changed ${when}, and would have been lost unasked. Look at what Remove would lose again.`,
        });
      };
      notAgreed('since you were asked');
      const account = accountOf(id);
      // Read first whatever the writer chose: the token goes back if the publication stays.
      const token = publication.embedded ? undefined : await options.credentials.get(account);
      const putTokenBack = async (): Promise<void> => {
        if (token !== undefined) await options.credentials.set(account, token);
      };
      // It stays in Quire: a push started meanwhile found no token, so what it parked goes now,
      // its error cleared.
      const resume = (): void => {
        clients.delete(id);
        for (const draftId of store.clearDraftErrors(id))
          emit({ type: 'draft-changed', draftId, publicationId: id });
        store.makePushesDue();
        scheduler.kick();
      };
      if (!publication.embedded) {
        await options.credentials.delete(account);
        // A save may land while the keychain works: then nothing unsynced is no longer true.
        const meanwhile = unsent(id);
        if (meanwhile > 0 && !discardUnsynced) {
          await putTokenBack();
          resume();
          throw new QuireError({
            kind: 'validation',
            message: `"${publication.name}" has ${meanwhile} change(s) saved while it was being removed. It was kept: sync first, or confirm discarding them.`,
          });
        }
        try {
          notAgreed('while it was being removed');
        } catch (error) {
          await putTokenBack();
          resume();
          throw error;
        }
      }
      try {
        store.removePublication(id);
      } catch (error) {
        // The store could not remove it (a full disk): it stays in Quire, drafts and all, so it
        // keeps its token, or every sync failed "No token" (a security review, 2026-11-22).
        try {
          await putTokenBack();
        } catch (trouble) {
          console.error('quire: the token of a publication kept could not be put back', trouble);
        }
        try {
          resume();
        } catch {
          // The store that refused the removal may refuse this too: its own error is the news.
        }
        throw error;
      }
      clients.delete(id);
      engine.forget(id);
      if (store.getSetting(ACTIVE_KEY) === id)
        store.setSetting(ACTIVE_KEY, store.listPublications()[0]?.id ?? null);
      emit({ type: 'publications-changed' });
      return null;
    },
    'publications.setToken': async ({ id, token }) => {
      const publication = requirePublication(id);
      if (publication.embedded)
        throw new QuireError({
          kind: 'bad-input',
          message: 'The local sample publication has no token to replace',
        });
      // The same live check as adding: a token the service refuses is never stored.
      await checkPublication(
        { baseUrl: publication.baseUrl, subdomain: publication.subdomain, token },
        options.fetch,
      );
      await options.credentials.set(accountOf(id), token);
      // Removed while the service or the keychain was asked (a Cancel while "Checking…", then
      // Remove): its token is not left for a publication gone, where nothing would ever take it
      // out (a review).
      if (!store.getPublication(id)) {
        await options.credentials.delete(accountOf(id));
        requirePublication(id);
      }
      clients.delete(id);
      // What the old token's refusal parked (for minutes) goes now, its error cleared.
      for (const draftId of store.clearDraftErrors(id))
        emit({ type: 'draft-changed', draftId, publicationId: id });
      store.makePushesDue();
      // And a fence the old token's refusal left waiting its minute (review U14).
      engine.fenceNow();
      scheduler.kick();
      emit({ type: 'publications-changed' });
      const view = publicationViews().find((p) => p.id === id);
      if (!view) throw new Error('publication vanished while replacing its token');
      return view;
    },
    // Removed, the sample's posts stayed in its file with no way back to them: its token is
    // minted at each launch and never shown, so Add publication could not reach it (a review).
    'publications.restoreSample': async () => {
      if (!embedded)
        throw new QuireError({
          kind: 'storage',
          message: embeddedFailure ?? 'The local sample is not running',
        });
      if (sampleIn())
        throw new QuireError({ kind: 'validation', message: 'The Local sample is in Quire' });
      const id = addSample(embedded);
      emit({ type: 'publications-changed' });
      const back = publicationViews().find((publication) => publication.id === id);
      if (!back) throw new Error('the local sample vanished after bringing it back');
      return back;
    },
    'publications.unsynced': async ({ id }) => {
      requirePublication(id);
      const whyOf = whyUnsent(id);
      return unsentDrafts(id).map((draft) => ({
        draftId: draft.id,
        kind: draft.kind,
        title: draft.fields.title,
        why: whyOf(draft),
      }));
    },
    'publications.setActive': async ({ id }) => {
      requirePublication(id);
      store.setSetting(ACTIVE_KEY, id);
      emit({ type: 'publications-changed' });
      return null;
    },

    'records.list': async ({ publicationId, kind, page, perPage, draftsOnly }) => {
      const key = { publicationId, kind, page, perPage, draftsOnly };
      const context = { publicationId, kind, store, firstPage: page === 1, draftsOnly };
      const mark = engine.deleteMark();
      try {
        // Once sync knows the service is unreachable, the writer is not kept waiting through
        // retries for a list this computer can show at once.
        let asked = Date.now();
        const answer = await clientFor(publicationId).list(
          kind,
          { page, limit: perPage, draftsOnly },
          { retry: engine.reachable(publicationId), onTry: () => (asked = Date.now()) },
        );
        const result = await withoutTrashed(mark, publicationId, kind, answer, Date.now() - asked);
        reached(publicationId);
        // Removed while the service was asked: what came is dropped. Written, it failed the
        // store's constraint, a storage failure that paused sync for every publication (a review).
        requirePublication(publicationId);
        store.cachePage(key, result.meta, result.records);
        return pageView(result, { ...context, online: true, fromCache: false, cachedAt: null });
      } catch (error) {
        if (error instanceof QuireError && isUnanswered(error))
          engine.setReachable(publicationId, false);
        else if (error instanceof QuireError && error.kind !== 'cancelled') reached(publicationId);
        // A token refused (revoked, or gone from the keychain) hides nothing this computer
        // holds: the copy is shown, with what to do (a review found every list an error).
        const refused =
          error instanceof QuireError && error.kind === 'unauthorized'
            ? withTokenAdvice(error.message)
            : undefined;
        const fallBack = (error instanceof QuireError && isTransient(error.kind)) || refused;
        const kept = fallBack ? store.cachedPage(key) : undefined;
        const cached = kept ?? (fallBack ? store.pageFromCachedRecords(key) : undefined);
        if (!cached) throw error;
        return pageView(cached, {
          ...context,
          online: false,
          fromCache: true,
          cachedAt: cached.cachedAt,
          pieced: !kept,
          refused,
        });
      } finally {
        engine.letGoOfMark(mark);
      }
    },
    'records.cachedPage': async ({ publicationId, kind, page, perPage, draftsOnly }) => {
      requirePublication(publicationId);
      const cached = store.cachedPage({ publicationId, kind, page, perPage, draftsOnly });
      if (!cached) return null;
      return pageView(cached, {
        publicationId,
        kind,
        store,
        online: engine.reachable(publicationId),
        fromCache: true,
        cachedAt: cached.cachedAt,
        firstPage: page === 1,
        draftsOnly,
      });
    },
    'records.search': async ({ publicationId, kind, query, draftsOnly }) => {
      requirePublication(publicationId);
      return searchView(
        store.searchCached(publicationId, kind, query, SEARCH_LIMIT, draftsOnly),
        publicationId,
        kind,
        store,
        engine.reachable(publicationId),
      );
    },
    'records.fetchAll': async ({ publicationId, kind }) => {
      requirePublication(publicationId);
      const client = clientFor(publicationId);
      const seen = new Set<number>();
      const totals = new Set<number>();
      let fetched = 0;
      let total = 0;
      let lastPage = 1;
      let page = 1;
      // A page at a time (review 65: the pass's first mark held a page asked after the writer's
      // Delete was answered to that Delete, and a live post on it was asked again and left out).
      const readPage = async (page: number) => {
        const mark = engine.deleteMark();
        try {
          let asked = Date.now();
          const answer = await client.list(
            kind,
            { page, limit: 100 },
            { onTry: () => (asked = Date.now()) },
          );
          return await withoutTrashed(mark, publicationId, kind, answer, Date.now() - asked);
        } finally {
          engine.letGoOfMark(mark);
        }
      };
      try {
        for (; page <= Math.min(lastPage, FETCH_ALL_PAGES); page++) {
          const result = await readPage(page);
          reached(publicationId);
          requirePublication(publicationId);
          // Cached as the list's own pages at 100 a page: offline, that view shows them too.
          const key = { publicationId, kind, page, perPage: 100, draftsOnly: false } as const;
          store.cachePage(key, result.meta, result.records);
          for (const record of result.records) seen.add(record.id);
          fetched += result.records.length;
          total = result.meta.total;
          totals.add(total);
          lastPage = result.meta.last_page;
        }
      } catch (error) {
        if (error instanceof QuireError && isUnanswered(error))
          engine.setReachable(publicationId, false);
        // Pages that came in before the failure are in this computer's copy and searched: the
        // answer says how far it got and why it stopped, rather than failing as if none had.
        if (page === 1 || !(error instanceof QuireError)) throw error;
        return { fetched, total, complete: false, stoppedBy: error.message };
      }
      const complete = page > lastPage;
      // Only a pass the service did not change under (same total throughout, every record seen
      // once) shows which cached copies are of deleted records; a shifted page could hide one.
      if (complete && totals.size === 1 && seen.size === total)
        store.keepOnlyCached(publicationId, kind, [...seen]);
      return { fetched, total, complete, stoppedBy: null };
    },
    'records.tags': async ({ publicationId }) => {
      requirePublication(publicationId);
      return store.knownTags(publicationId);
    },
    'records.create': async ({ publicationId, kind, fields }) => {
      requirePublication(publicationId);
      // Nothing is held yet: every address is the renderer's, and judged.
      checkAddresses('records.create', fields, undefined);
      const draft = store.createDraft(publicationId, kind, fields);
      changed(draft.id);
      return view(draft.id);
    },
    'records.delete': async ({ draftId }) => {
      view(draftId);
      store.requestDelete(draftId, undoWindowMs);
      changed(draftId);
      return { undoUntil: Date.now() + undoWindowMs };
    },
    // A writer on the Undo (reading it, reaching it by keyboard) is given the time they need,
    // a window at a time, while the delete has not gone (WCAG 2.2.1; a writer's review).
    'records.holdUndo': async ({ draftId }) => {
      if (!store.holdDelete(draftId, undoWindowMs))
        throw new QuireError({
          kind: 'conflict',
          message: 'Too late to undo: the delete has been sent',
        });
      return { undoUntil: Date.now() + undoWindowMs };
    },
    'records.undoDelete': async ({ draftId }) => {
      if (!store.cancelDelete(draftId))
        throw new QuireError({
          kind: 'conflict',
          message: 'Too late to undo: the delete has been sent',
        });
      changed(draftId);
      return view(draftId);
    },

    'drafts.open': async ({ publicationId, kind, slug }) => {
      requirePublication(publicationId);
      // A Delete that goes after the read sets out may trash the post it reads (below).
      const mark = engine.deleteMark();
      try {
        const madeSince = (record: RemoteRecord, since: number) =>
          clientFor(publicationId).madeSince(record, since);
        let remote: FetchedRecord | undefined;
        const away = !engine.reachable(publicationId);
        // As for lists: once sync knows the service is away, the copy here opens after a look.
        const read = clientFor(publicationId).findBySlug(kind, slug, { retry: !away });
        let lookEnded = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const look = new Promise<never>((_, reject) => {
          if (away && store.cachedRecordBySlug(publicationId, kind, slug))
            timer = setTimeout(() => {
              lookEnded = true;
              reject(new Error('The service did not answer in time'));
            }, AWAY_LOOK_MS);
        });
        try {
          remote = await Promise.race([read, look]);
        } catch (error) {
          // Read on, past the look: answered, the service is back, and the next open reads it
          // (review 50: nothing else said so, and every open gave up on it and showed the copy
          // kept here, older than the service's).
          if (lookEnded)
            read.then(
              () => engine.setReachable(publicationId, true),
              () => undefined,
            );
          if (!lookEnded && !(error instanceof QuireError && isTransient(error.kind))) throw error;
          if (error instanceof QuireError && isUnanswered(error))
            engine.setReachable(publicationId, false);
          const cached = store.cachedRecordBySlug(publicationId, kind, slug);
          const existing = cached && draftOfRecord(store, publicationId, kind, cached);
          if (existing) return view(existing.id);
          if (!cached) throw error;
          const awaited = draftsItMayBe(store, publicationId, kind, cached, madeSince);
          if (awaited[0])
            throw stillSending(kind, awaited[0], store.hasPendingDelete(awaited[0].id));
          return adopted(store.adoptRemote(publicationId, kind, cached).id);
        } finally {
          clearTimeout(timer);
        }
        if (!remote)
          throw new QuireError({
            kind: 'not-found',
            message: `No ${kind} "${slug}" on the service`,
          });
        let record: FetchedRecord = remote;
        /** Read again: null when the service has none, undefined when it did not answer. */
        const readAgain = async (): Promise<FetchedRecord | null | undefined> => {
          try {
            const again = (await clientFor(publicationId).findBySlug(kind, slug)) ?? null;
            reached(publicationId);
            return again;
          } catch (error) {
            if (!(error instanceof QuireError && isTransient(error.kind))) throw error;
            if (isUnanswered(error)) engine.setReachable(publicationId, false);
            return undefined;
          }
        };
        requirePublication(publicationId);
        // The draft it is, one whose create landed unanswered too: not a second draft of it.
        let existing = draftOfRecord(store, publicationId, kind, record);
        const awaited = () => draftsItMayBe(store, publicationId, kind, record, madeSince);
        const settling = existing ? [] : awaited().map((draft) => draft.id);
        // A Delete sent since the read set out (one the settling sent, a round's, another open's)
        // may have trashed the post just read (reviews 54, 56: it opened as a draft of a post no
        // longer there): known so, it is not opened; else it is read again.
        // One still on its way is waited for: until it is answered, the post may go or stay.
        const deletes = () => engine.deletesOf(mark, publicationId, kind, record.id);
        if (settling.length > 0) {
          // Settled first: their keyed tries are answered with the post they made, if they did.
          store.makePushesDue(settling);
          const flushing = engine.flushDrafts(settling);
          // Not through every try of a Delete of the post it sends, hanging (review 60: 61 s),
          // whenever it goes (review 61: one sent after a first look waited out every try).
          for (let waits = 1; !(await settledWithin(flushing, DELETE_WAIT_MS)); waits++) {
            const onItsWay = deletes().filter((one) => one.endedAt === undefined);
            if (onItsWay.length > 0) throw deleteOnItsWay(kind, onItsWay);
            if (waits >= SETTLE_WAITS) break;
          }
          requirePublication(publicationId);
        }
        // Until none is sent while it is read again (review 58: a Delete tried again during that
        // read trashed the post, and the read's "live" opened it): each pass needs a new one.
        for (let counted = 0; deletes().length > counted;) {
          // Counted before the wait: one sent as it ends is waited for on the next pass.
          const sent = deletes();
          counted = sent.length;
          // Not through every try of a Delete whose connection hangs (review 59: a minute of
          // "Opening…"): the writer is told it is on its way.
          const ended = Promise.all(sent.map((one) => one.ended));
          if (!(await settledWithin(ended, DELETE_WAIT_MS))) throw deleteOnItsWay(kind, sent);
          requirePublication(publicationId);
          // Read again even after one trashed it: a colleague may have restored it since.
          const again = await readAgain();
          requirePublication(publicationId);
          // Unanswered (the service away since), the copy read before opens, as when an open's
          // read fails, unless a Delete is known to have trashed it.
          if (again === null || (again === undefined && deletes().some((one) => one.trashed)))
            throw goneWith(kind, slug, deletes());
          // What the service holds now (review 59: a colleague's restore, rewritten, opened as
          // the copy read before the Delete). Another post at the slug (a service that frees a
          // trashed post's slug; the reference server keeps it) has its own Deletes to count.
          if (again && again.id !== record.id) counted = 0;
          if (again) record = again;
        }
        existing = draftOfRecord(store, publicationId, kind, record);
        if (settling.length > 0) {
          const waiting = awaited()[0];
          if (!existing && waiting)
            throw stillSending(kind, waiting, store.hasPendingDelete(waiting.id));
        }
        if (!existing)
          return adopted(store.adoptRemote(publicationId, kind, record, record.etag).id);
        // Settled just now, it is newer than the copy read before (review 42: its words, sent by
        // that push, were replaced by the older copy, and asked about as a colleague's).
        const untouched =
          settling.length === 0 &&
          existing.remoteId !== null &&
          existing.localRev === existing.syncedRev &&
          !existing.conflict;
        // Newer only: a read that set out before a push of the draft landed (the same post opened
        // twice at once, the first open settling it) put the older copy back over the words it
        // sent (review 45).
        if (untouched && existing.base && isNewer(record.updated_at, existing.base.updatedAt))
          store.replaceWithRemote(existing.id, record, 'replaced-by-service', record.etag);
        return view(existing.id);
      } finally {
        engine.letGoOfMark(mark);
      }
    },
    'drafts.get': async ({ draftId }) => view(draftId),
    'drafts.save': async ({ draftId, fields }) => {
      checkAddresses('drafts.save', fields, store.getDraft(draftId));
      store.saveDraft(draftId, fields);
      changed(draftId);
      return view(draftId);
    },
    'drafts.update': async ({ draftId }) => {
      view(draftId);
      store.requestPush(draftId);
      changed(draftId);
      await scheduler.round();
      // A round already ending when the push was queued may have missed it: one more, which is
      // empty (and quick) when the first one tried and the push now waits out a backoff.
      if (store.dueOps().some((op) => op.draftId === draftId)) await scheduler.round();
      return view(draftId);
    },
    'drafts.list': async ({ publicationId }) =>
      store
        .listDrafts(publicationId)
        .map((draft) => draftView(draft, store, engine.reachable(publicationId))),
    // A change already on its way cannot be recalled: the discard waits for it, and the draft
    // becomes what the service then holds, so the two never disagree under a "Synced" badge.
    'drafts.discard': async ({ draftId }) => {
      // Asked once first, outside the hold on every push: a service that never answers held
      // every publication's pushes back through all four tries of the read below, a minute
      // (review U1). One that answers this is asked again, as before, with nothing in flight.
      // Only its silence stops the Discard: a connection reset is tried again below (review U2:
      // one blip refused it).
      const asked = store.getDraft(draftId);
      if (asked?.remoteId != null && asked.base)
        await clientFor(asked.publicationId)
          .findBySlug(asked.kind, asked.base.slug, { retry: false })
          .catch((error: unknown) => {
            if (error instanceof QuireError && error.kind === 'timeout') throw error;
          });
      return engine.exclusive(async () => {
        const draft = store.getDraft(draftId);
        if (!draft) return { revisionId: null, offSite: false };
        let revisionId: number | null = null;
        let offSite = false;
        if (draft.remoteId === null || !draft.base) {
          // Its note goes with it, and the fence with the note: a Delete sent earlier for a post
          // it had met would land free (review U15: a colleague's restored post, trashed).
          if (store.owesFence(draftId))
            throw new QuireError({
              kind: 'validation',
              message: `Not discarded yet: a Delete sent earlier for this ${draft.kind} may still land on the service, and Quire keeps it until that Delete is turned away. Sync, then discard it.`,
            });
          store.removeDraft(draftId);
        } else {
          // By its id: another record may hold its old slug now.
          const remote = await engine.findRemote(draft);
          if (!remote)
            throw new QuireError({
              kind: 'not-found',
              message: `This ${draft.kind} is no longer on the service: there is nothing to go back to.`,
            });
          const back = await engine.fencedForDiscard(draft, remote);
          // Saved since Discard was pressed (an Unpublish, another window's words):
          // the later act is the writer's, kept (review U1: the Unpublish was dropped unsaid).
          const now = store.getDraft(draftId);
          if (!now) return { revisionId: null, offSite: false };
          if (now.localRev !== (asked ?? draft).localRev)
            throw new QuireError({
              kind: 'conflict',
              message: `Not discarded: “${now.fields.title?.trim() || `Untitled ${now.kind}`}” changed while its version on the service was read. Your latest words are kept; discard again if you still want to.`,
            });
          store.replaceWithRemote(draftId, back, 'discarded', back.etag);
          // Said, or the writer takes the post for live still (review U1's suspicion: a
          // colleague's Unpublish came back unsaid).
          offSite = draft.base.status === 'publish' && back.status !== 'publish';
          // The newest snapshot holds the edits just thrown away: taken now, or already the
          // newest with the same words for the same reason (the store keeps one of those).
          revisionId = store.revisions(draftId)[0]?.id ?? null;
        }
        emit({ type: 'draft-changed', draftId, publicationId: draft.publicationId });
        engine.connectivityChanged();
        return { revisionId, offSite };
      });
    },
    'drafts.leave': async ({ draftId }) => {
      const draft = store.getDraft(draftId);
      if (!draft || !droppable(draft)) return { discarded: false };
      store.removeDraft(draftId);
      emit({ type: 'draft-changed', draftId, publicationId: draft.publicationId });
      engine.connectivityChanged();
      return { discarded: true };
    },
    'drafts.revisions': async ({ draftId }) =>
      store.revisions(draftId).map((revision) => ({
        id: revision.id,
        reason: revision.reason,
        title: revision.fields.title,
        takenAt: revision.takenAt,
      })),
    'drafts.revision': async ({ draftId, revisionId }) => {
      const revision = store.revision(draftId, revisionId);
      return {
        id: revision.id,
        reason: revision.reason,
        title: revision.fields.title,
        takenAt: revision.takenAt,
        fields: revision.fields,
      };
    },
    'drafts.restoreRevision': async ({ draftId, revisionId }) => {
      store.restoreRevision(draftId, revisionId);
      changed(draftId);
      return view(draftId);
    },

    'sync.status': async () => status(),
    'sync.syncNow': async () => {
      store.makePushesDue();
      engine.fenceNow();
      await scheduler.round();
      // As for Update: a round under way may have sent a draft before its latest change (Publish
      // pressed while an autosave was being sent). One more sends it; empty when nothing is due.
      if (store.dueOps().length) await scheduler.round();
      return status();
    },
    'sync.resolveConflict': async ({ draftId, resolution, seen }) => {
      const publicationId = store.getDraft(draftId)?.publicationId ?? '';
      // Chosen looking at a version of theirs a push has since replaced with a newer one: not
      // applied to one the writer never saw (review 27's suspicion: Keep mine wrote over it).
      // By their words where the writer's view gave them (review 28): a time alone let a change
      // made in the same second through, on a service whose times have whole seconds, and
      // refused one changing nothing the writer sees (trashed and restored, saved unchanged).
      const shown = seen === undefined ? null : view(draftId).theirs;
      if (seen !== undefined && shown && !sameVersion(seen, shown))
        throw new QuireError({
          kind: 'conflict',
          message:
            'Their version changed again while you were choosing: the newest is shown now. Choose again.',
        });
      // At once, not after the round in flight (review 26: other drafts' pushes too, minutes on a
      // slow service, and a newer change of theirs met meanwhile written over unseen). A push in
      // flight that read the service before the choice does not ask again (the engine's).
      const ids = engine.resolve(draftId, resolution);
      ids.forEach(changed);
      // Keeping theirs when theirs is "deleted" removes the draft: the lists must hear of it too.
      if (!ids.includes(draftId)) {
        emit({ type: 'draft-changed', draftId, publicationId });
        emit({ type: 'sync', status: status() });
      }
      return ids;
    },

    'app.info': async () => ({
      version: options.version,
      online: engine.online,
      sampleAway: embedded !== undefined && !sampleIn(),
    }),
  };

  return {
    handlers,
    dispatch: async (name, input) => {
      const answer = await dispatch(handlers, name, input);
      // A save the store refused stops sync as surely as a round that could not be stored; one
      // it took (or a round, above) means it can write again.
      if (!answer.ok && answer.error.kind === 'storage') stall(answer.error.message);
      else if (answer.ok && name === 'drafts.save') stall(null);
      return answer;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await scheduler.stop();
      await embedded?.close();
      store.close();
    },
  };
}

/**
 * Whether a choice was made looking at the version of theirs shown now: the same words (a
 * `version`'s part after `#`), whatever its time says; a bare time, from a caller sending no
 * `version`, by its time.
 */
function sameVersion(seen: string, shown: { updatedAt: string; version: string }): boolean {
  return seen.includes('#') ? sameWords(seen, shown.version) : seen === shown.updatedAt;
}

/** A record that may be the post of a draft of the writer's not yet settled with the service. */
/**
 * No post at the slug now: trashed by the writer's Deletes of it that went (named), or perhaps by
 * one not answered as done (said so: it may not have landed), or by someone else.
 */
function goneWith(kind: RecordKind, slug: string, sent: readonly DeleteSent[]): QuireError {
  const named = (list: DeleteSent[]) => list.map((one) => `“${one.title || 'Untitled'}”`);
  const trashed = named(sent.filter((one) => one.trashed));
  const unsure = named(sent.filter((one) => !one.trashed && !one.refused));
  const many = trashed.length > 1;
  const by =
    trashed.length > 0
      ? `: your Delete${many ? 's' : ''} of ${trashed.join(' and ')} ${many ? 'have' : 'has'} just gone`
      : unsure.length > 0
        ? `: your Delete of ${unsure[0]} may have trashed it (it is tried again)`
        : '';
  return new QuireError({ kind: 'not-found', message: `No ${kind} "${slug}" on the service${by}` });
}

/** True when `work` settled within `ms` (its failure, if so, thrown); false, and left to go on. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    const done = await Promise.race([work.then(() => true), late]);
    if (!done) work.catch(() => undefined);
    return done;
  } finally {
    clearTimeout(timer);
  }
}

const withoutEtag = ({ etag: _etag, ...record }: FetchedRecord): RemoteRecord => record;

function deleteOnItsWay(kind: RecordKind, sent: readonly DeleteSent[]): QuireError {
  const title = sent.find((one) => one.endedAt === undefined)?.title || 'Untitled';
  return new QuireError({
    kind: 'conflict',
    message: `This ${kind} is not opened: your Delete of “${title}” is on its way to the service, which has not answered yet. Open it again once it has.`,
  });
}

function stillSending(kind: RecordKind, draft: Draft, deleting: boolean): QuireError {
  const title = draft.fields.title?.trim() || `Untitled ${kind}`;
  // What settles it, said: a choice or a refusal waits on the writer, not on the service (review
  // 45: "It opens once that is done" of a draft nothing would ever settle unasked).
  // Nothing of a draft being deleted goes before its undo window ends, and the lists no longer
  // show it: "is in your drafts meanwhile" sent the writer looking for it (review 50).
  const until = deleting
    ? `which you deleted. This ${kind} opens once that delete has gone (or once you undo it).`
    : draft.conflict
      ? `which waits for your choice. Open “${title}” and choose first; then this ${kind} opens.`
      : draft.lastError
        ? `which the service refused. Open “${title}” and put it right (or delete it) first; then this ${kind} opens.`
        : isBlankDraft(draft.fields)
          ? // Emptied, it sends nothing that would settle it (review 48: refused for good, unsaid).
            `which you emptied. Write in “${title}” (or delete it) first; then this ${kind} opens.`
          : `which is not yet settled with the service. It opens once that is done; “${title}” is in your drafts meanwhile.`;
  return new QuireError({
    kind: 'conflict',
    message: `This ${kind} may be your “${title}”, ${until}`,
  });
}

const isNewer = (time: string, than: string): boolean => Date.parse(time) > Date.parse(than);
