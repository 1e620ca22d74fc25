import { isBlankDraft } from '../../../shared/blank-draft';
import { COMPARED_FIELDS, effectiveValue } from '../../../shared/field-differences';
import { slugify, SLUG_FALLBACK } from '../../../server';
import { QuireError, isTransient } from '../../../shared/errors';
import type { RecordDraftFields, RemoteRecord } from '../../../shared/model';
import {
  landedNothing,
  refusedOnce,
  type FetchedRecord,
  type PublishingApiClient,
} from '../api/client';
import { GoneRecordError } from '../api/errors';
import { backoffDelay } from '../api/retry';
import {
  baseOf,
  heldAtBase,
  theirVersion,
  type Draft,
  type DraftFields,
  type LocalStore,
  type OutboxOp,
} from '../store/local-store';
import { followRefusedDelete, noteRefusedDelete, refusedDeleteSetting } from './delete-refused';
import { holdsForUpdate } from './hold';
import {
  decidePush,
  mayLandLate,
  sameFields,
  sameWords,
  sentEntry,
  sentWords,
  versionKey,
  wasSent,
  type PushDecision,
  type Resolution,
} from './conflict';
import {
  givenFor,
  movedBySent,
  numberedFrom,
  numberedSlug,
  quireGaveSlug,
  sameSlug,
} from './slug-origin';
import { fieldsOf, type DraftBase } from '../store/local-store';

// The publication travels with the draft: a deleted draft is gone from the store by the time
// its 'synced' is heard, and its publication's lists must still be read again.
export type SyncEvent =
  | { type: 'synced'; draftId: string; publicationId: string }
  /** A blank draft: nothing sent, its state changed all the same (no longer on its way). */
  | { type: 'nothing-to-send'; draftId: string; publicationId: string }
  | { type: 'conflict'; draftId: string; publicationId: string }
  | { type: 'error'; draftId: string; publicationId: string; error: string }
  /**
   * A Delete not sent: the post changed on the service since the writer last saw it. The draft
   * is back, showing theirs; said at once, or the writer, who saw it go, never knew (review 26).
   */
  | { type: 'delete-refused'; draftId: string; publicationId: string; error: string }
  | { type: 'connectivity'; online: boolean };

export interface SyncEngineOptions {
  store: LocalStore;
  clientFor: (publicationId: string) => PublishingApiClient;
  /** Drafts pushed at once; ops of one draft run one at a time (in order, a delete first). */
  concurrency?: number;
  now?: () => number;
  random?: () => number;
  onEvent?: (event: SyncEvent) => void;
}

export interface FlushResult {
  done: number;
  failed: number;
  conflicts: number;
}

const PARKED_MS = 5 * 60_000;

/** A Delete sent to a service (see `deletesSince`). */
export interface DeleteSent {
  publicationId: string;
  kind: Draft['kind'];
  remoteId: number;
  /** The title of the draft deleted, to name it. */
  title: string;
  sentAt: number;
  /** Unset while it is on its way. */
  endedAt?: number;
  /** Answered: the record is in the trash. */
  trashed: boolean;
  /** Known to have trashed nothing: refused at its one try that left, or never sent (review 59). */
  refused: boolean;
  /** Settles when it has ended, answered or not. */
  ended: Promise<unknown>;
}
/** Kept beyond what an open in flight still reads (see `deleteMark`). */
const MOST_DELETES_KEPT = 200;
/** How long a fence for a Delete taken back waits after a try that failed. */
const FENCE_RETRY_MS = 60_000;
/**
 * How long a create's key alone is trusted to find what an earlier try made. Services keep keys
 * for a day or so (the reference server a month): past this, the create is also looked for by
 * its slug and words, as for a service without keys.
 */
export const KEY_TRUST_MS = 12 * 60 * 60_000;

/** The service did not answer at all (as against answering with an error). */
export const isUnanswered = (error: QuireError): boolean =>
  error.kind === 'offline' || error.kind === 'timeout';

/** Pushes the outbox to the service: saved locally first, sent when it can be, never overwriting. */
export class SyncEngine {
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private flushing?: Promise<FlushResult>;
  /** A change to drafts that must not interleave with a push (see `exclusive`). */
  private holding?: Promise<unknown>;
  /** The fields an Update or a Publish pressed earlier sends, by draft, while its push runs. */
  private readonly pins = new Map<string, { fields: DraftFields; rev: number }>();
  /** The op each draft's push in flight runs for, to read what was pressed since. */
  private readonly running = new Map<string, number>();
  /** Drafts whose push is "Keep published"'s: the words readers saw, nothing of the writer's. */
  private readonly keepingLive = new Set<string>();
  /** Drafts whose push puts back what readers had, unpressed ("Keep published", a take-back). */
  private readonly puttingBack = new Set<string>();
  /**
   * Drafts whose push an Update or a Publish was pressed for, with nothing written since (so no
   * pin is needed): words equal to the base pressed for are the writer's act all the same, asked
   * about against a colleague's change, not given up to it (review 35).
   */
  private readonly pressedFor = new Set<string>();
  /**
   * Conflicts the writer has resolved, by draft: a push in flight that started before one reads
   * a service the choice has since answered, and must not ask again (see `resolvedSince`).
   */
  private readonly resolutions = new Map<string, number>();
  /** The resolutions each draft's push in flight started after. */
  private readonly startedAfter = new Map<string, number>();
  /** Drafts whose push in flight has started writing to the service (see `resolve`). */
  private readonly writing = new Set<string>();
  /**
   * The Deletes sent, newest last, for an open that read a post before one of them went (review
   * 56: a round's Delete, or a second open's, trashed the post an open then made a draft of).
   */
  private readonly deletes: DeleteSent[] = [];
  private deleteTick = 0;
  /** The marks of opens in flight, with how many hold each. */
  private readonly marks = new Map<number, number>();
  /** When a fence for a Delete taken back may be tried again (see fenceTakenBackDeletes). */
  private readonly fenceAfter = new Map<string, number>();
  /** Drafts whose op went unanswered in the round under way. */
  private readonly unansweredNow = new Set<string>();
  /** Drafts whose fence the second pass left, last round, after their own push went unanswered. */
  private readonly leftAfterSilentPush = new Set<string>();
  /** The drafts whose fence is on its way: the round's pushes leave them to the next round. */
  private readonly fencing = new Set<string>();
  /** Publications whose service did not answer at the last try. */
  private readonly unreachable = new Set<string>();
  private announced = true;

  constructor(private readonly options: SyncEngineOptions) {
    this.concurrency = options.concurrency ?? 4;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /**
   * Offline, for the writer: changes are waiting for a service that did not answer. One service
   * down says nothing about another, and one with nothing waiting keeps no one waiting.
   */
  get online(): boolean {
    for (const publicationId of this.unreachable) if (this.hasWork(publicationId)) return false;
    return true;
  }

  /** Changes waiting, a fence for a Delete taken back among them (review U12: "Synced", online). */
  private hasWork(publicationId: string): boolean {
    const { store } = this.options;
    return store.pendingCount(publicationId) > 0 || store.owingFences(publicationId).length > 0;
  }

  reachable(publicationId: string): boolean {
    return !this.unreachable.has(publicationId);
  }

  /** Only publications with changes waiting: the ones worth asking whether they are back. */
  unreachableWithWork(): string[] {
    return [...this.unreachable].filter((id) => this.hasWork(id));
  }

  /** The service answered (a push, a list, a probe), or did not. */
  setReachable(publicationId: string, reachable: boolean): void {
    if (reachable) this.unreachable.delete(publicationId);
    else this.unreachable.add(publicationId);
    this.connectivityChanged();
  }

  /** The publication is gone from Quire: its service no longer keeps anyone waiting. */
  forget(publicationId: string): void {
    this.unreachable.delete(publicationId);
    this.connectivityChanged();
  }

  /** Call after waiting changes were dropped without a sync (a discard): `online` may follow. */
  connectivityChanged(): void {
    const online = this.online;
    if (online === this.announced) return;
    this.announced = online;
    this.emit({ type: 'connectivity', online });
  }

  /** Sends everything due; concurrent callers share one run. */
  flush(): Promise<FlushResult> {
    const held = this.holding;
    this.flushing ??= (held ? held.then(() => this.runFlush()) : this.runFlush()).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /**
   * Runs `change` with no push in flight: after the current flush, and before the next one
   * starts. A discard reads the service and replaces the draft; a push landing in between would
   * leave the service holding the words the writer just discarded, marked "Synced".
   */
  async exclusive<T>(change: () => Promise<T>): Promise<T> {
    const before = Promise.allSettled([this.flushing, this.holding]);
    const run = before.then(change);
    const holding = run.catch(() => undefined);
    this.holding = holding;
    try {
      return await run;
    } finally {
      if (this.holding === holding) this.holding = undefined;
    }
  }

  /**
   * Sends these drafts' due changes, and nothing else: after the flush under way, before the
   * next. Opening a post that may be theirs waits for them alone (review 42 found it waiting on
   * every publication's pushes, another's slow service included).
   */
  flushDrafts(draftIds: readonly string[]): Promise<FlushResult> {
    return this.exclusive(() => this.runFlush(draftIds));
  }

  private async runFlush(draftIds?: readonly string[]): Promise<FlushResult> {
    this.unansweredNow.clear();
    const fencing = this.fenceTakenBackDeletes(draftIds);
    try {
      return await this.runOps(draftIds);
    } finally {
      await fencing;
      // Those a push of the draft went before, once it has: a push refused and parked, made due
      // again (Sync now, a probe), skipped the fence at every such round (review U11). After
      // another draft's push went unanswered too: the service answered this one's (review U13:
      // a neighbour's timeout starved it at every round).
      await this.fenceTakenBackDeletes(draftIds, true);
    }
  }

  private async runOps(draftIds?: readonly string[]): Promise<FlushResult> {
    const result: FlushResult = { done: 0, failed: 0, conflicts: 0 };
    const attempted = new Set<number>();
    for (;;) {
      // An op that failed this round waits for the next flush, so a dead service ends the loop.
      const due = this.options.store
        .dueOps(this.concurrency * 4, draftIds)
        .filter((op) => !attempted.has(op.seq) && !this.fencing.has(op.draftId));
      if (due.length === 0) return result;
      let next = 0;
      const worker = async (): Promise<void> => {
        for (let op = due[next++]; op; op = due[next++]) {
          attempted.add(op.seq);
          const outcome = await this.run(op);
          if (outcome !== 'skipped') result[outcome]++;
        }
      };
      // Every worker finishes before the round ends, a failed one too (a full disk when noting
      // an outcome): the next round must not start a second push of a draft still in flight.
      const settled = await Promise.allSettled(
        Array.from({ length: Math.min(this.concurrency, due.length) }, worker),
      );
      const failure = settled.find((one) => one.status === 'rejected');
      if (failure) throw failure.reason;
    }
  }

  /**
   * A Delete taken back (Undo, words saved into the post, or refused for a colleague's change)
   * whose try went unanswered may land yet, and trash a post the writer was told stays (review
   * U7). The post's status alone, as it is, written with If-Match moves its version on: the try,
   * which asks for the version it read, is refused when it comes. Beside the round's pushes, not
   * before them: a service away held every publication's pushes behind it (review U8); tried
   * again a minute on after a failure, or at once when the writer asks to sync.
   */
  private async fenceTakenBackDeletes(
    draftIds?: readonly string[],
    afterPushes = false,
  ): Promise<void> {
    const { store } = this.options;
    for (const { draftId: id, remoteId } of store.deletesMayLand()) {
      if (draftIds && !draftIds.includes(id)) continue;
      const draft = store.getDraft(id);
      if (!draft) {
        store.forgetDeleteSent(id);
        continue;
      }
      // Never beside a push of the same draft: its write landing between the push's read and
      // its write was asked about as a colleague's (review U10). One due, or in flight, goes
      // first; one parked on a refusal does not hold the fence back (review U9: it did for good,
      // and the late Delete landed). The round's pushes leave the draft alone while it goes.
      const due = store.dueOps(1, [id]).length > 0;
      if (store.hasPendingDelete(id) || due || this.running.has(id)) continue;
      if ((this.fenceAfter.get(id) ?? 0) > this.now()) continue;
      // At the round's end, after the draft's own push went unanswered, every other time only:
      // each time, the round (and every round and Discard behind it) waited out the fence's
      // tries after the push's (review U12); never, a push that never gets an answer (a big body
      // on a slow line) starved the fence of a service that answers small writes, and the late
      // Delete landed (review U14).
      if (afterPushes && this.unansweredNow.has(id) && !this.leftAfterSilentPush.delete(id)) {
        this.leftAfterSilentPush.add(id);
        continue;
      }
      this.fencing.add(id);
      try {
        await this.fenceDeleteOf(draft, remoteId);
        this.fenceAfter.delete(id);
        this.fenceWent(id);
      } catch (error) {
        if (!(error instanceof QuireError)) throw error;
        this.fenceAfter.set(id, this.now() + FENCE_RETRY_MS);
        if (isUnanswered(error)) this.setReachable(draft.publicationId, false);
        else if (error.kind !== 'cancelled') {
          this.setReachable(draft.publicationId, true);
          if (!isTransient(error.kind)) this.fenceRefused(draft, error);
        }
      } finally {
        this.fencing.delete(id);
      }
    }
  }

  /**
   * A fence refused with an answer (a token revoked, the post's type gone) is said on the draft,
   * as a push's refusal is: it read Syncing for ever, nothing said (review U13). Not over a push's
   * refusal on it, whose marked fields the writer has yet to fix (review U14).
   */
  private fenceRefused(draft: Draft, error: QuireError): void {
    const now = this.options.store.getDraft(draft.id);
    if (now?.lastError && !isFenceRefusal(now.lastError)) return;
    const said = error.kind === 'unauthorized' ? withTokenAdvice(error.message) : error.message;
    const message = `${fenceRefusalLead(draft.kind)}. The Delete sent earlier went unanswered, and Quire could not turn it away yet: ${said}`;
    this.options.store.setDraftError(draft.id, message);
    this.emit({
      type: 'error',
      draftId: draft.id,
      publicationId: draft.publicationId,
      error: message,
    });
  }

  /**
   * The fence went: said, or an open editor read Syncing for good (review U14), and its refusal,
   * if still shown, is history (told by its words, which a restart keeps: review U14).
   */
  private fenceWent(id: string): void {
    const { store } = this.options;
    const draft = store.getDraft(id);
    if (!draft) return;
    if (draft.lastError && isFenceRefusal(draft.lastError)) store.setDraftError(id, null);
    this.emit({ type: 'synced', draftId: id, publicationId: draft.publicationId });
  }

  /**
   * The fence of `fenceTakenBackDeletes`, on the post the Delete was sent for: the draft's, or
   * one it met another way (a colleague's restore of a post it held, review U8).
   */
  private async fenceDeleteOf(draft: Draft, remoteId: number): Promise<void> {
    const { store } = this.options;
    const api = this.options.clientFor(draft.publicationId);
    const own = draft.base?.remoteId === remoteId ? draft.base : undefined;
    const resolved = this.resolutions.get(draft.id) ?? 0;
    // Not the note of a Delete pressed again since, which is that Delete's (review U10: erased,
    // it went unguarded after a second Undo, and landed).
    const letGo = () => {
      if (!store.hasPendingDelete(draft.id)) store.forgetDeleteSent(draft.id);
    };
    const remote = own ? await this.findOurs(api, draft) : await api.findById(draft.kind, remoteId);
    const gone = async () => {
      // The try landed first: said, as any deletion on the service (review U8: the draft stayed
      // "Synced" beside a post in the trash). Only the draft's own post, and only when the list
      // answers (a 404 of the publication is not the post's); until it has, the fence stays due
      // (review U9: a list that failed let it go unsaid).
      if (own) await api.list(draft.kind, { page: 1, limit: 1 });
      letGo();
      // Not over a choice the writer made meanwhile (review U9: Keep mine was undone), nor over
      // the same question already asked; over a colleague's change shown, yes: the post is gone
      // (review U10: after Keep theirs, "Synced" beside a post in the trash).
      const now = store.getDraft(draft.id);
      const chose = (this.resolutions.get(draft.id) ?? 0) > resolved;
      if (!own || !now || (now.conflict && now.conflict.id === GONE_ID) || chose) return;
      store.markConflict(draft.id, goneMarker(draft));
      this.emit({ type: 'conflict', draftId: draft.id, publicationId: draft.publicationId });
    };
    if (!remote) return gone();
    if (remote.etag === undefined) return letGo();
    try {
      await api.update(draft.kind, remote.id, { status: remote.status }, { ifMatch: remote.etag });
    } catch (error) {
      // Moved on already (a 412): nothing for the try to trash.
      if (error instanceof QuireError && error.status === 412) return letGo();
      if (error instanceof QuireError && error.kind === 'not-found') return gone();
      throw error;
    }
    letGo();
    // In step before, in step after: only the version moved, which the base follows (else the
    // next push took the fence's own write for a colleague's).
    if (!own || remote.slug !== own.slug || !heldAtBase(fieldsOf(remote), own)) return;
    const after = await this.findOurs(api, draft);
    // Not over a base a push beside it set meanwhile (review U9: an Update's newer base went back
    // to the one before it).
    const base = store.getDraft(draft.id)?.base;
    const unmoved = base?.etag === own.etag && base?.updatedAt === own.updatedAt;
    if (!after || !unmoved || after.slug !== own.slug || !heldAtBase(fieldsOf(after), own)) return;
    store.attachRemote(draft.id, baseOf(after, after.etag), false);
    // A refused Delete's "Not deleted…" speaks of this version still: only its date moved
    // (review U12: the fence's own write wiped it before the writer could read it).
    followRefusedDelete(store, draft.id, own.updatedAt, after.updated_at);
  }

  /** The writer asks to sync now: fences waiting out a failure go at once. */
  fenceNow(): void {
    this.fenceAfter.clear();
  }

  private async run(op: OutboxOp): Promise<keyof FlushResult | 'skipped'> {
    const { store } = this.options;
    // The round's list was read before: a Delete pressed since holds the push back for its undo
    // window (a Publish would go live meanwhile), and an op undone since is not sent (a review).
    if (!store.stillDue(op.seq)) return 'skipped';
    const draft = store.getDraft(op.draftId);
    if (!draft) {
      store.completeOp(op.seq);
      return 'done';
    }
    // Read now, not from the round's list: a Publish or an Unpublish may have come since.
    const pinned = op.op === 'push' ? store.opPin(op.seq) : null;
    if (pinned && pinned.rev < draft.localRev) this.pins.set(draft.id, pinned);
    this.running.set(draft.id, op.seq);
    this.startedAfter.set(draft.id, this.resolutions.get(draft.id) ?? 0);
    if (pinned?.keepsLive) this.keepingLive.add(draft.id);
    if (pinned && !pinned.pressed) this.puttingBack.add(draft.id);
    if (pinned?.pressed) this.pressedFor.add(draft.id);
    try {
      const outcome =
        op.op === 'delete' ? await this.remove(draft, op) : await this.push(this.pinned(draft));
      if (outcome === 'empty') {
        // Nothing to publish yet: the writer's first words queue a new push. Said, or the
        // editor showed "Syncing" for as long as it stayed blank (a writer's review).
        store.completeOp(op.seq);
        this.emit({
          type: 'nothing-to-send',
          draftId: draft.id,
          publicationId: draft.publicationId,
        });
        return 'done';
      }
      this.setReachable(draft.publicationId, true);
      // Resolved while this push was on its way: what it met is the choice's to meet, by the
      // push the choice queued (this op, left due), not asked about from what was read before
      // (review 25 found the choice undone, review 26 the wait for it writing over a newer one).
      if (outcome === 'conflict' && this.resolvedSince(draft.id)) return 'skipped';
      if (outcome === 'conflict') {
        // Kept for Keep mine: what the writer pressed Update or Publish for, not words since.
        const pin = store.opPin(op.seq);
        if (pin) store.keepPinForConflict(draft.id, pin);
        store.completeOp(op.seq);
        this.emit({ type: 'conflict', draftId: draft.id, publicationId: draft.publicationId });
        return 'conflicts';
      }
      // Saved again while we were sending: keep the op, the newer text goes next round. Unless
      // the record is now live: what went is what the writer published or updated, and words
      // typed since wait for their next Update.
      const latest = store.getDraft(draft.id);
      // Update pressed again while this one was on its way: the op now carries those words.
      const sent = this.pins.get(draft.id)?.rev ?? draft.localRev;
      const pinNow = store.opPin(op.seq);
      // Unless the pin since is the words this push replaced, restored (a take-back meant for
      // a push still waiting): it has landed, and they stay held against it, not sent unasked.
      const tookBack =
        pinNow !== null &&
        !pinNow.pressed &&
        draft.base !== null &&
        heldAtBase(pinNow.fields, draft.base);
      const pressedSince = (pinNow?.rev ?? 0) > sent && !tookBack;
      if (
        op.op === 'delete' ||
        !latest ||
        latest.localRev <= latest.syncedRev ||
        (holdsForUpdate(latest) && !pressedSince)
      )
        store.completeOp(op.seq);
      // Still to send, its op taken away on the way (an Unpublish landed as "Keep published"
      // was pressed, which then is a Publish): a push of it waits.
      else store.ensurePush(latest.id);
      this.emit({ type: 'synced', draftId: draft.id, publicationId: draft.publicationId });
      return 'done';
    } catch (error) {
      if (error instanceof ChoiceMadeMeanwhile || error instanceof HeldForDelete) return 'skipped';
      const quire = error instanceof QuireError ? error : undefined;
      const transient = quire ? isTransient(quire.kind) : false;
      // Any answer, a refusal included, shows the service is there.
      if (quire && isUnanswered(quire)) {
        this.setReachable(draft.publicationId, false);
        this.unansweredNow.add(draft.id);
      } else if (quire && quire.kind !== 'cancelled') this.setReachable(draft.publicationId, true);
      const said = error instanceof Error ? error.message : String(error);
      // What the writer can do about it: a refused token is replaced in place, nothing is lost.
      const message = quire?.kind === 'unauthorized' ? withTokenAdvice(said) : said;
      const wait = transient
        ? backoffDelay(op.attempts, { baseMs: 1_000, maxMs: 60_000, random: this.random })
        : PARKED_MS;
      // Update or Publish pressed again while this one was on its way: the refusal was of words
      // since replaced, and the new press goes at once, with nothing of the old refusal shown.
      const pressedAgain =
        (store.pinnedRev(op.seq) ?? 0) > (this.pins.get(draft.id)?.rev ?? draft.localRev);
      // Unpublish pressed meanwhile took the pin: its own push goes at once, not ended with the
      // refused Update it followed, which left the page live for good (a review).
      const unpinnedSince = pinned !== null && store.pinnedRev(op.seq) === null;
      if (pressedAgain || unpinnedSince) {
        store.failOp(op.seq, message, this.now());
        return 'failed';
      }
      const refusedPin = quire?.kind === 'validation' && pinned !== null;
      // An Update refused for its words ends: the words stay held, the refusal shown on them,
      // for the writer's next Update, not sent again every few minutes as they were.
      if (refusedPin && holdsForUpdate(draft)) store.completeOp(op.seq);
      else {
        store.failOp(op.seq, message, this.now() + wait);
        // A Publish refused for some fields goes with the writer's fix of those, the rest as
        // pressed; refused without a field named, the pin gives way and the latest words go.
        // A pin the writer did not press ("Keep published", a take-back) never gives way: the
        // latest words would go live unasked (a review).
        const named = Object.keys(quire?.fields ?? {});
        if (refusedPin && pinned.pressed && named.length) store.refusePin(op.seq, named);
        else if (refusedPin && pinned.pressed) store.unpinOp(op.seq);
      }
      if (!transient)
        store.setDraftError(
          draft.id,
          message,
          quire?.kind === 'validation' ? quire.fields : undefined,
        );
      this.emit({
        type: 'error',
        draftId: draft.id,
        publicationId: draft.publicationId,
        error: message,
      });
      return 'failed';
    } finally {
      this.pins.delete(draft.id);
      this.running.delete(draft.id);
      this.startedAfter.delete(draft.id);
      this.writing.delete(draft.id);
      this.keepingLive.delete(draft.id);
      this.puttingBack.delete(draft.id);
      this.pressedFor.delete(draft.id);
    }
  }

  private async push(initial: Draft): Promise<'done' | 'conflict' | 'empty'> {
    const { store } = this.options;
    const api = this.options.clientFor(initial.publicationId);
    let draft = initial;
    // Keep mine on a post deleted on the service makes it again, unless it is back (restored
    // from the trash since): then it is that one, met as any record that moved on (review 20
    // found a second post made beside the restored one).
    // Looked for at each try until it is found or made: a try that fails leaves it to the next
    // (review 21 found a second post after one failed create).
    const back = draft.remoteId === null ? await this.backFromDeletion(api, draft) : undefined;
    if (back) {
      // Restored, and held by another draft here: a Delete of this one lets it go, as below
      // (review 53 found it refused at every try, the Delete never sent).
      if (this.letGoForHolder(draft, back.remoteId)) return 'done';
      store.attachRemote(draft.id, back, false);
      store.setSetting(goneSetting(draft.id), null);
      draft = this.pinned(store.getDraft(draft.id) ?? draft);
    }
    // A service that honours keys makes one record of every try of a create: the create is sent
    // again with its key, and answered with the record the first try made, if it landed. No
    // guess from the words, which a colleague's post may share.
    const keyed =
      draft.createKey !== null &&
      draft.createStartedAt !== null &&
      this.now() - draft.createStartedAt < KEY_TRUST_MS &&
      (api.honoursKeys || store.getSetting(keysSetting(draft.publicationId)) === 'yes');
    // Shown deleted on the service, not chosen yet (a Delete of the restored post taken back by
    // words saved as it went): nothing is made until Keep mine. Made, the post the writer had
    // deleted was back, live perhaps, unasked (review 36). A keyed create a try of which may have
    // landed still goes: it can only be answered with its post, restored (then met), or its
    // deletion (review 37 found a restore so found no longer met, and Keep mine made a second
    // post beside it). One no try of which landed would make the post anew (review 38).
    const mayHaveLanded = draft.claimedSlug !== null && draft.sentVersions.length > 0;
    if (
      !back &&
      draft.remoteId === null &&
      draft.conflict?.id === GONE_ID &&
      !(keyed && mayHaveLanded)
    )
      return this.conflict(draft, draft.conflict);
    // A blank draft sends no create for its key to answer: an earlier try that landed is looked
    // for as on a service without keys, or its Delete finds nothing to delete (review 25).
    if (draft.remoteId === null && draft.claimedSlug && (!keyed || isBlankDraft(draft.fields))) {
      // An earlier create may have landed with its answer lost: if so, it is ours to update. A
      // record under that slug holding something we never sent is someone else's: the claim is
      // dropped and the create goes on under a free slug, never over their post.
      // A claim from before first tries were kept (0): any time, as before.
      const since = draft.createStartedAt ?? 0;
      const sent = (record: RemoteRecord): boolean =>
        wasSent(draft.sentVersions, record) && api.madeSince(record, since);
      const holder = await api.findBySlug(draft.kind, draft.claimedSlug);
      // Or under slug-2: the service moves a create on when a deleted record keeps the slug.
      const landed =
        holder && sent(holder)
          ? holder
          : await api.recentlyCreated(draft.kind, draft.claimedSlug, sent, since);
      if (landed) {
        // Being deleted, and another draft here holds the post: only this draft goes, as when
        // its keyed create is answered with it (below). Attached first, the store refused it at
        // every try, and the Delete never went (review 52: a blank draft finds its post so).
        if (this.letGoForHolder(draft, landed.id)) return 'done';
        store.attachRemote(draft.id, baseOf(landed, landed.etag));
        // Found only to be deleted: the delete goes next, nothing of the draft's sent first (a
        // Publish pressed since would put it live on its way).
        if (store.deleteDue(draft.id)) return 'done';
        draft = this.pinned(store.getDraft(draft.id) ?? draft);
      } else if (holder) {
        store.claimSlug(draft.id, null);
        draft = this.pinned(store.getDraft(draft.id) ?? draft);
      }
    }
    const rev = draft.localRev;
    const written = await this.updateIfUnchanged(api, draft, rev);
    if (written) return written;
    const remote = await this.findOurs(api, draft);
    // What readers had put back, at the slug they had: a write of this draft's own that moved
    // it (its answer lost) is taken back too, though the words put back name no slug (review 20
    // found a held rename live, the draft said in step).
    const slugBack =
      remote && draft.base && this.movedByOwnWrite(draft, remote) ? draft.base.slug : undefined;
    const pressed =
      this.pins.has(draft.id) ||
      this.keepingLive.has(draft.id) ||
      this.puttingBack.has(draft.id) ||
      this.pressedFor.has(draft.id);
    const decided = decidePush(draft, remote, pressed);
    const decision: PushDecision =
      slugBack && decided.action === 'in-step' ? { action: 'update' } : decided;
    // In step, but another write of the draft's may land yet: see `fence`. A service that sends
    // no ETag cannot be fenced so.
    if (
      decision.action === 'in-step' &&
      remote?.etag !== undefined &&
      mayLandLate(store.getDraft(draft.id)?.sentVersions ?? draft.sentVersions, remote)
    )
      return this.fence(api, draft, rev, remote);
    switch (decision.action) {
      case 'create': {
        if (isBlankDraft(draft.fields)) return 'empty';
        // The writer's own slug is theirs to change, not ours to number: a post must not go
        // live at `river-walk-2` with the field saying `river-walk` (a review).
        const own = wantedSlug(draft);
        if (own && !draft.claimedSlug) await this.refuseTakenSlug(api, draft, own);
        const slug = draft.claimedSlug ?? (await this.freeSlug(api, draft));
        // Delete pressed while this push read: no claim either, or the create went after all,
        // as if its answer might have been lost, and its trashed record kept the slug (review 31).
        // Due by now, only a draft an earlier try of which may have landed (one was noted as
        // sent) is made as a draft for the Delete to find (review 32).
        const mayHaveLanded = draft.sentVersions.length > 0;
        if (store.hasPendingDelete(draft.id) && (!store.deleteDue(draft.id) || !mayHaveLanded))
          throw new HeldForDelete();
        store.claimSlug(draft.id, slug);
        // Being deleted, an earlier try of it perhaps landed: found (or made) as a draft, never
        // live, only for the delete that goes next. Noted as sent so: its lost answer is ours.
        const deleting = store.deleteDue(draft.id);
        // Live only under a slug the service has given: a Publish under the writer's own slug is
        // made a draft first, since the service may number it (a deleted record keeps a slug).
        const staged = !deleting && own !== undefined && draft.fields.status === 'publish';
        const sending = deleting
          ? { ...withoutRefused(draft), status: 'draft' as const }
          : staged
            ? { ...draft.fields, status: 'draft' as const }
            : draft.fields;
        const key = store.getDraft(draft.id)?.createKey ?? undefined;
        let created;
        try {
          created = await this.sending(
            draft.id,
            sentEntry(sending, slug),
            () => api.create(draft.kind, { ...sending, slug }, undefined, key),
            deleting,
          );
        } catch (error) {
          // A 410 is the key's record deleted only if it names it, or the service keeps keys:
          // another's 410 (a deactivated publication) is its refusal, not a deleted post of the
          // writer's to ask about, where "Keep theirs" took the only copy away (review 23).
          const madeAndDeleted =
            error instanceof GoneRecordError &&
            (error.recordId !== undefined ||
              api.honoursKeys ||
              store.getSetting(keysSetting(draft.publicationId)) === 'yes');
          // A try that may have landed keeps the old post's record all the same: a gateway's
          // 503 page may mean nothing reached the service. Which it is, is looked up before the
          // restored post is met (`backFromDeletion`).
          // No try of it can have landed (this one never left, none was noted as sent): the claim
          // goes, or a Delete pressed next made the post to trash it, using its slug up (review 32).
          const noTryLeft =
            landedNothing(error) &&
            !draft.claimedSlug &&
            (store.getDraft(draft.id)?.sentVersions.length ?? 0) === 0;
          if (noTryLeft) store.claimSlug(draft.id, null);
          if (!madeAndDeleted) throw error;
          // An earlier try made it, and someone has deleted it since: not made again behind
          // their back, but asked about, as any post deleted on the service (review 20). A
          // Delete of the writer's waiting after it takes the draft away all the same. Its id
          // kept, Keep mine finds it if it is restored meanwhile (review 21).
          if (error.recordId !== undefined)
            rememberGone(store, draft.id, unknownBase(error.recordId), []);
          return this.conflict(draft, goneMarker(draft, error.recordId));
        }
        // Made: nothing is kept over a deletion. Unless Keep mine was pressed while it went: the
        // setting is then the choice's, and cleared, Keep mine's push knew nothing of the post
        // restored and made a second one beside it (review 41).
        if (store.getSetting(goneSetting(draft.id)) && !this.resolvedSince(draft.id))
          store.setSetting(goneSetting(draft.id), null);
        if (api.honoursKeys) store.setSetting(keysSetting(draft.publicationId), 'yes');
        const made = await api.getBySlug(draft.kind, created.slug);
        const sent = store.getDraft(draft.id)?.sentVersions ?? [];
        // The service's word that an earlier try made it, untouched since: ours, whatever its
        // words (their version may be one no longer in the list of those sent).
        const replayedUntouched = created.replayed === true && made.updated_at === made.created_at;
        if (deleting) {
          // Held by another draft here: the post stays that draft's, only this one goes, as in
          // `remove`. Attached, the store refused it at every try, and the Delete never went.
          // Unless undone while the create was on its way: then the draft stays as it was.
          if (this.heldElsewhere(draft, made.id)) {
            if (store.deleteDue(draft.id)) store.removeDraft(draft.id);
            return 'done';
          }
          // Made by an earlier try and changed since by someone else: known by its id only, so
          // the Delete meets it as a colleague's change, shown, not trashed unseen (review 26).
          const ours = replayedUntouched || wasSent(sent, made);
          store.attachRemote(draft.id, ours ? baseOf(made, made.etag) : unknownBase(made.id));
          return 'done';
        }
        if (staged) {
          // Made as a draft, this try or an earlier one whose answer was lost (a review found
          // the older words taken for a conflict): ours, unless someone has changed it since.
          if (!wasSent(sent, made) && !replayedUntouched) return this.conflict(draft, made);
          store.attachRemote(draft.id, baseOf(made, made.etag));
          // The writer's own slug asked for and another given: kept for a record not shown. (A
          // create under an older claim goes on: its rename to the writer's slug is staged too.)
          if (slug === own && !sameSlug(own, made.slug)) throw slugKept(draft.kind, own, made.slug);
          const next = this.continueWith(draft.id);
          return next ? this.push(next) : 'done';
        }
        // The service's word that an earlier try made it, renamed since: words of ours at a slug
        // a colleague gave it are ours, their slug kept (a review found the writer asked about a
        // conflict of their own words).
        const replayedRenamed =
          created.replayed === true && !draft.fields.slug && wasSent(sent.map(sentWords), made);
        if (
          !sameFields(fieldsOf(made), { ...draft.fields, slug: made.slug }) &&
          (wasSent(sent, made) || replayedUntouched || replayedRenamed)
        ) {
          // An earlier try of this create, landed late with the words as they were then: ours,
          // brought up to date now rather than shown as someone else's change.
          store.attachRemote(draft.id, baseOf(made, made.etag), givenFor(made.slug, slug));
          if (store.deleteDue(draft.id)) return 'done';
          const next = this.continueWith(draft.id);
          return next ? this.push(next) : 'done';
        }
        if (created.replayed === true && own !== undefined) {
          // The service's word that an earlier try made it, now at a slug neither the one that
          // try asked nor numbered from it: a colleague's rename since, asked about (it was told
          // as kept for a deleted post, and renamed back at the next edit; review 20).
          if (!givenFor(made.slug, slug)) return this.conflict(draft, made);
          // At the slug it asked, the writer's own slug changed since (a typo put right): the
          // writer's post, renamed by the update that follows (review 21 found it asked about).
          if (
            !sameSlug(own, made.slug) &&
            sameFields(fieldsOf(made), { ...draft.fields, slug: made.slug })
          ) {
            store.attachRemote(draft.id, baseOf(made, made.etag));
            const next = this.continueWith(draft.id);
            return next ? this.push(next) : 'done';
          }
        }
        return this.settleAt(draft, rev, made, own, slug);
      }
      case 'update': {
        if (!remote || !draft.base) throw new Error('update without a remote version');
        // Emptied after it reached the service: a service keeps no post without a title or
        // words, so nothing is sent, and the writer is told what stays there (a writer's review
        // saw only the service's "A title or content is required", for good). Refused here,
        // after a colleague's change or deletion has been met, and never when the status
        // changes: an Unpublish must still land (review 24).
        if (isBlankDraft(draft.fields)) {
          const status = draft.fields.status ?? 'draft';
          const refusal = new QuireError({
            kind: 'validation',
            message: `Not sent: a ${draft.kind} needs a title or some words, so the service keeps the last ones it had. Write something, or delete the ${draft.kind}.`,
          });
          if (status === remote.status) {
            // The Unpublish sent alone (below) landed, its answer lost: the base is where it
            // left the post, or the draft showed it live beside the refusal (review 26).
            const sent = store.getDraft(draft.id)?.sentVersions ?? draft.sentVersions;
            if (remote.updated_at !== draft.base.updatedAt && wasSent(sent, remote))
              store.attachRemote(draft.id, baseOf(remote, remote.etag), false);
            throw refusal;
          }
          // Nor are they published: with the post off the site (a colleague's Unpublish met by
          // Keep mine), the service put an empty post live over it (review 26).
          if (status !== 'draft') throw refusal;
          // An Unpublish goes alone, with the words the service has: sent with a title and text
          // both empty, the service refused it too, and the post stayed live (review 25).
          const off = { ...fieldsOf(remote), status };
          await this.sending(draft.id, sentEntry(off, remote.slug), () =>
            api.update(draft.kind, remote.id, spelledOut(off), { ifMatch: remote.etag }),
          );
          // Its base as it landed: shown off the site, and met from there; the words are
          // still the writer's to send.
          const after = await this.findOurs(api, draft);
          if (after && sameFields(fieldsOf(after), off))
            store.attachRemote(draft.id, baseOf(after, after.etag), false);
          throw refusal;
        }
        // "Keep published", and the service shows one of the writer's own writes live, its answer
        // lost, with words written on from it here: readers have what was pressed, nothing to
        // send (a review found the words from before it sent back over it). Words taken back to
        // the pinned ones instead are sent (another review found them marked in step unsent).
        if (
          this.keepingLive.has(draft.id) &&
          remote.updated_at !== draft.base.updatedAt &&
          remote.status === 'publish' &&
          JSON.stringify(store.getDraft(draft.id)?.fields) !== JSON.stringify(draft.fields)
        ) {
          // Not over a write still on its way, an Unpublish perhaps: see `fence` (review U3: it
          // took the post off the site after this said it was live).
          let settled = remote;
          const sent = store.getDraft(draft.id)?.sentVersions ?? draft.sentVersions;
          if (remote.etag !== undefined && mayLandLate(sent, remote)) {
            let turned;
            try {
              turned = await this.turnAway(api, draft, remote, fieldsOf(remote), true);
            } catch (error) {
              // Deleted just then: asked about, as the push's own fence does (review U7).
              await this.postGone(api, draft, error);
              return this.conflict(draft, goneMarker(draft));
            }
            if (!('held' in turned)) {
              // Someone else's save came first: met afresh.
              const next = this.continueWith(draft.id);
              return next ? this.push(next) : 'done';
            }
            settled = turned.held;
          }
          store.markSynced(
            draft.id,
            { remoteId: settled.id, base: baseOf(settled, settled.etag), rev },
            fieldsOf(settled),
          );
          return 'done';
        }
        // The writer's own slug, not one following the title: only that is theirs to be told of.
        const own = wantedSlug(draft);
        let slug = own ?? slugBack;
        // A rename of Quire's that landed, its answer lost, is Quire's before a newer claim
        // replaces its own (a review).
        if (draft.claimedSlug && givenFor(remote.slug, draft.claimedSlug)) {
          store.noteGivenSlug(draft.id, remote.slug);
          draft = { ...draft, givenSlug: remote.slug };
        }
        // Only a slug Quire gave follows the title: one a colleague chose stays (a review).
        const follow =
          neverPublished(remote) && quireGaveSlug(remote.slug, draft)
            ? followingSlug(draft)
            : undefined;
        if (!slug && follow && follow !== remote.slug) {
          const free = await this.freeSlug(api, draft, follow, remote.id);
          if (free !== remote.slug) {
            // Persisted before it is sent: a lost answer is found again by this slug.
            store.claimSlug(draft.id, free);
            slug = free;
          }
        } else if (slug && !sameSlug(slug, remote.slug)) {
          await this.refuseTakenSlug(api, draft, slug, remote.id);
        }
        const fields = slug ? { ...draft.fields, slug } : draft.fields;
        // A record not yet live that is renamed and published in one push: renamed as a draft
        // first, live only once the service has given it the slug asked for.
        const staging =
          own !== undefined &&
          !sameSlug(own, remote.slug) &&
          remote.status !== 'publish' &&
          fields.status === 'publish'
            ? own
            : undefined;
        const writing = staging ? { ...fields, status: 'draft' as const } : fields;
        try {
          await this.sending(draft.id, sentEntry(writing, slug ?? remote.slug), () =>
            api.update(draft.kind, remote.id, spelledOut(writing), { ifMatch: remote.etag }),
          );
        } catch (error) {
          // 412: changed since our read, or our own earlier attempt landed. Re-read and compare.
          if (!(error instanceof QuireError && error.kind === 'conflict')) throw error;
          const now = await this.findOurs(api, draft, slug);
          if (now && staging) return this.staged(draft, writing, staging, now);
          if (!now) return this.conflict(draft, remote);
          // The writer's rename refused as the record changed, and it is at another slug than
          // theirs: a colleague's rename landed first, asked about as when it came before our
          // read (a review found it taken for the service's numbering, then written over).
          if (own !== undefined && !givenFor(now.slug, own)) return this.conflict(draft, now);
          return this.settleAt(draft, rev, now, own, slug);
        }
        const after = await this.findOurs(api, draft, slug);
        if (!after) return this.conflict(draft, remote);
        return staging
          ? this.staged(draft, writing, staging, after)
          : this.settleAt(draft, rev, after, own, slug);
      }
      case 'in-step':
        if (remote) {
          store.markSynced(
            draft.id,
            { remoteId: remote.id, base: baseOf(remote, remote.etag), rev },
            draft.fields,
          );
          // A rename of Quire's that landed, its answer lost: the slug is Quire's, not chosen
          // elsewhere (in step, the claim it went with is dropped).
          if (draft.claimedSlug && givenFor(remote.slug, draft.claimedSlug))
            store.noteGivenSlug(draft.id, remote.slug);
        }
        return 'done';
      case 'take-theirs':
        return remote ? this.takeTheirs(draft, remote) : 'done';
      case 'conflict':
        // "Keep published", the post still live with a colleague's change since, nothing held
        // here, and nothing but these words sent since the base (an Unpublish of them): nothing
        // of the writer's to send, theirs is taken, nothing asked (a review). Anything else (a
        // take-back, the post unpublished, words of the writer's that may have landed) asks.
        if (
          decision.reason === 'both-changed' &&
          this.keepingLive.has(draft.id) &&
          remote?.status === 'publish' &&
          JSON.stringify(store.getDraft(draft.id)?.fields) === JSON.stringify(draft.fields) &&
          onlySent(store.getDraft(draft.id)?.sentVersions ?? [], draft.fields)
        )
          return this.takeTheirs(draft, remote);
        return this.conflict(draft, remote ?? goneMarker(draft));
    }
  }

  /**
   * The service's words, which the draft holds, kept there by a write with If-Match: a write of
   * the draft's that went unanswered, still on its way, is refused (412) when it comes (review U1:
   * a Publish went live after "Keep as draft" said Synced). Not through the update path: a post
   * the service holds blank was refused there at every round (review U2).
   */
  private async fence(
    api: PublishingApiClient,
    draft: Draft,
    rev: number,
    remote: FetchedRecord,
  ): Promise<'done' | 'conflict' | 'empty'> {
    let turned;
    try {
      turned = await this.turnAway(api, draft, remote, fieldsOf(remote), true);
    } catch (error) {
      // Deleted on the service meanwhile: asked about as any deletion (review U5: "No post with
      // id 1", a failed round).
      await this.postGone(api, draft, error);
      return this.conflict(draft, goneMarker(draft));
    }
    if ('held' in turned) return this.settle(draft, rev, turned.held, undefined);
    if (!turned.theirs) return this.conflict(draft, goneMarker(draft));
    // Someone else's save came first, and turned the late write away itself: the draft was in
    // step with what was read, and theirs is met as any colleague's (review U2: the writer was
    // asked about it, with nothing of theirs unsent).
    this.options.store.markSynced(
      draft.id,
      { remoteId: remote.id, base: baseOf(remote, remote.etag), rev },
      draft.fields,
    );
    return 'done';
  }

  /**
   * Throws `error` unless it is a 404 of the post itself: the list answers when only the post
   * went (review U6: a publication's renamed subdomain showed a live post deleted).
   */
  private async postGone(api: PublishingApiClient, draft: Draft, error: unknown): Promise<void> {
    if (!(error instanceof QuireError && error.kind === 'not-found')) throw error;
    await api.list(draft.kind, { page: 1, limit: 1 });
  }

  /**
   * Turns away a write of the draft's that may land yet: `read` written again with If-Match, its
   * status alone, as it is, so that nothing of it changes but its version (review U4: all its
   * fields, one of which the service now refuses, were refused, and every Discard with them).
   * Where that write landed first (a 412, the service holding words this draft sent), `back`
   * goes over it (review U3: words typed since went live; review U4: a stuck Unpublish landing
   * there took the post off the site). `held`: what the service then holds; `theirs`: someone
   * else's save came first, which turned the write away itself (undefined: the record is gone).
   */
  private async turnAway(
    api: PublishingApiClient,
    draft: Draft,
    read: FetchedRecord,
    back: DraftFields,
    noted: boolean,
  ): Promise<{ held: FetchedRecord } | { theirs: FetchedRecord | undefined }> {
    const sent = this.options.store.getDraft(draft.id)?.sentVersions ?? draft.sentVersions;
    let over = read;
    // Its status: one of two values the service always takes (review U5: a title over the
    // service's 500 characters, held from before that rule, refused the fence at every round).
    let body: RecordDraftFields = { status: read.status };
    for (let tries = 0; tries < 3; tries += 1) {
      const { id, etag, slug } = over;
      const write = () => api.update(draft.kind, id, body, { ifMatch: etag });
      try {
        await (noted ? this.sending(draft.id, sentEntry(back, slug), write) : write());
        const after = await this.findOurs(api, draft);
        return after ? { held: after } : { theirs: undefined };
      } catch (error) {
        if (!(error instanceof QuireError && error.kind === 'conflict')) throw error;
        const now = await this.findOurs(api, draft);
        if (now && sameFields(fieldsOf(now), back)) return { held: now };
        if (!now || !wasSent(sent, now)) return { theirs: now };
        over = now;
        body = spelledOut(back);
      }
    }
    throw new QuireError({
      kind: 'conflict',
      message: `The service's copy of “${draft.fields.title?.trim() || `Untitled ${draft.kind}`}” changed again and again while its words were put back. Try again.`,
    });
  }

  /**
   * The common case with one read fewer: a synced record edited here, slug unchanged, and an ETag
   * from the service. The write carries If-Match, so the service itself refuses it when anyone
   * changed the record since our base; that refusal, or the record being gone, sends the draft
   * down the full path (read, decide, write). Without an ETag (a service that sends none) there
   * is no fast path. Returns undefined when the full path must decide.
   */
  private async updateIfUnchanged(
    api: PublishingApiClient,
    draft: Draft,
    rev: number,
  ): Promise<'done' | 'conflict' | undefined> {
    const { base } = draft;
    if (draft.remoteId === null || !base?.etag || draft.conflict) return undefined;
    // Emptied: the full path meets a colleague's change first, then refuses (review 24).
    if (isBlankDraft(draft.fields)) return undefined;
    if (draft.localRev <= draft.syncedRev) return undefined;
    // Nothing to send (typed and undone): the base's own words, refused for a colleague's change,
    // were noted as sent and then asked about as the writer's (review 30). A put-back ("Keep
    // published") is something to send, though its words are the base's.
    if (heldAtBase(draft.fields, base) && !this.puttingBack.has(draft.id)) return undefined;
    const slug = wantedSlug(draft);
    if (slug && !sameSlug(slug, base.slug)) return undefined;
    const follow =
      base.status === 'draft' && !base.publishedOnce && quireGaveSlug(base.slug, draft)
        ? followingSlug(draft)
        : undefined;
    if (!slug && follow && follow !== base.slug) return undefined;
    try {
      await this.sending(draft.id, sentEntry(draft.fields, base.slug), () =>
        api.update(draft.kind, base.remoteId, spelledOut(draft.fields), { ifMatch: base.etag }),
      );
    } catch (error) {
      const refused =
        error instanceof QuireError && (error.kind === 'conflict' || error.kind === 'not-found');
      if (refused) return undefined;
      throw error;
    }
    // Read back: the new base (its ETag and time), and proof that what landed is what we sent.
    const after = await this.findOurs(api, draft);
    return after ? this.settle(draft, rev, after, slug) : this.conflict(draft, goneMarker(draft));
  }

  /**
   * The push puts back what readers had, naming no slug, and the record is at a slug one of this
   * draft's own writes asked for, not the one readers had.
   */
  private movedByOwnWrite(draft: Draft, remote: RemoteRecord): boolean {
    if (!draft.base || wantedSlug(draft)) return false;
    // Update pressed for the live words restored is the same regret as the restore alone: the
    // slug goes back with them (review 36 found the regretted rename left live, pressed).
    const backToBase =
      this.puttingBack.has(draft.id) ||
      (this.pressedFor.has(draft.id) && heldAtBase(draft.fields, draft.base));
    if (!backToBase) return false;
    const sent = this.options.store.getDraft(draft.id)?.sentVersions ?? [];
    return movedBySent(sent, draft.base.slug, remote.slug);
  }

  /**
   * A write, noted as sent before it goes (a retry tells our own landed write from theirs by
   * it). One that never left this computer, or was refused (review 25), is not noted after all,
   * unless an earlier try of the same words was (review 20).
   */
  private async sending<T>(
    draftId: string,
    entry: string,
    write: () => Promise<T>,
    /** The create-as-draft that finds a lost answer for a Delete now due (see push). */
    forDelete = false,
  ): Promise<T> {
    const { store } = this.options;
    // Decided before the writer chose in a conflict: the choice has the post now, and the push
    // it queued meets the service afresh. Written, Keep theirs sent the words it discarded, and
    // then theirs over the colleague's newer version (review 29).
    if (this.resolvedSince(draftId)) throw new ChoiceMadeMeanwhile();
    // Delete pressed while this push read: nothing of the draft is sent in its undo window (a
    // Publish went live for it, review 30), nor once the window is over, when the Delete goes
    // first (a Publish went live on its way to the trash, review 31). Only the create made as a
    // draft for the Delete itself.
    if (store.hasPendingDelete(draftId) && !(forDelete && store.deleteDue(draftId)))
      throw new HeldForDelete();
    const noted = store.getDraft(draftId)?.sentVersions.includes(entry) ?? false;
    // A draft taken away since its push read (a choice of theirs on a post shown deleted) has
    // nothing noted, and nothing is sent: noteSent finds no draft.
    store.noteSent(draftId, entry);
    this.writing.add(draftId);
    try {
      return await write();
    } catch (error) {
      if (landedNothing(error) && !noted) store.forgetSent(draftId, entry);
      // Refused with a 412, or landed and its resend refused: kept as sent, or the writer's own
      // landed words were met as a colleague's (review 26), but not as the last words sent, which
      // a colleague's rename of those would have been taken against (review 25).
      else if (refusedOnce(error) && !noted) store.noteSentBeforeLast(draftId, entry);
      throw error;
    }
  }

  /** The service's copy of this draft's record: by its base slug, or the slug it is moving to. */
  private async findOurs(
    api: PublishingApiClient,
    draft: Draft,
    movingTo?: string,
  ): Promise<FetchedRecord | undefined> {
    if (!draft.base) return undefined;
    const slugs = [draft.base.slug, wantedSlug(draft), draft.claimedSlug, movingTo];
    for (const slug of new Set(slugs)) {
      if (!slug) continue;
      const found = await api.findBySlug(draft.kind, slug);
      if (found?.id === draft.base.remoteId) return found;
    }
    // Renamed elsewhere, or given another slug than asked (a deleted record keeps its slug):
    // found by its id, never taken for gone while the service still has it.
    return api.findById(draft.kind, draft.base.remoteId, draft.base.createdAt);
  }

  /** The service's copy of a draft's record, wherever its slug now is; undefined when gone. */
  findRemote(draft: Draft): Promise<FetchedRecord | undefined> {
    return this.findOurs(this.options.clientFor(draft.publicationId), draft);
  }

  /**
   * The version a Discard goes back to, `remote` as read, with a write of the draft's that may
   * land yet turned away first, as `fence` does for a push (review U3: an Update unanswered,
   * then discarded, landed after "Back to the version on X", the discarded words live). A
   * colleague's save meanwhile turned it away itself: theirs is then the version.
   */
  async fencedForDiscard(draft: Draft, remote: FetchedRecord): Promise<FetchedRecord> {
    const sent = this.options.store.getDraft(draft.id)?.sentVersions ?? draft.sentVersions;
    if (remote.etag === undefined || !mayLandLate(sent, remote)) return remote;
    const gone = new QuireError({
      kind: 'not-found',
      message: `This ${draft.kind} is no longer on the service: there is nothing to go back to.`,
    });
    const api = this.options.clientFor(draft.publicationId);
    try {
      const turned = await this.turnAway(api, draft, remote, fieldsOf(remote), false);
      const back = 'held' in turned ? turned.held : turned.theirs;
      if (!back) throw gone;
      return back;
    } catch (error) {
      // Deleted meanwhile: said as Discard says it, not as the service's own words (review U4);
      // a 404 of the publication (its subdomain renamed) is said as the list says it (review U7).
      await this.postGone(api, draft, error);
      throw gone;
    }
  }

  /**
   * A push's second write (after a create found or made as a draft): what was pressed while the
   * first was on its way decides it. A Delete holds it back, an Unpublish or a new press is what
   * goes (a review found a staged Publish put live in a Delete's undo window).
   */
  private continueWith(draftId: string): Draft | undefined {
    const { store } = this.options;
    const now = store.getDraft(draftId);
    if (!now || store.hasPendingDelete(draftId)) return undefined;
    const seq = this.running.get(draftId);
    const pin = seq === undefined ? null : store.opPin(seq);
    if (pin && pin.rev < now.localRev) this.pins.set(draftId, pin);
    else this.pins.delete(draftId);
    return this.pinned(now);
  }

  /** The draft as its push sends it: as it was when Update or Publish was pressed, if it was. */
  private pinned(draft: Draft): Draft {
    const pin = this.pins.get(draft.id);
    return pin ? { ...draft, fields: pin.fields, localRev: pin.rev } : draft;
  }

  /** Refuses, on the slug field, a slug another record holds. */
  private async refuseTakenSlug(
    api: PublishingApiClient,
    draft: Draft,
    slug: string,
    ownId?: number,
  ): Promise<void> {
    const holder = await api.findBySlug(draft.kind, slug);
    if (holder && holder.id !== ownId)
      throw new QuireError({
        kind: 'validation',
        message: `The slug "${slug}" belongs to another ${draft.kind}, “${holder.title}”: choose another one.`,
        fields: { slug: [`is taken by “${holder.title}”`] },
      });
  }

  /** The first of `base`, `base-2`, `base-3`… that no record holds but `ownId`. */
  private async freeSlug(
    api: PublishingApiClient,
    draft: Draft,
    base = slugify(draft.fields.slug || draft.fields.title) || SLUG_FALLBACK,
    ownId?: number,
  ): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : numberedSlug(base, n);
      const holder = await api.findBySlug(draft.kind, candidate);
      if (!holder || holder.id === ownId) return candidate;
    }
  }

  /**
   * After a write, what the service holds must be what we sent; otherwise someone raced us. The
   * slug is Quire's only if the write asked for it (`asked`): a colleague's rename between the
   * write and the read back is theirs, and a write that sent no slug gave none (reviews).
   */
  private settle(
    draft: Draft,
    rev: number,
    after: FetchedRecord,
    asked: string | undefined,
  ): 'done' | 'conflict' {
    if (!sameFields(fieldsOf(after), { ...draft.fields, slug: after.slug }))
      return this.conflict(draft, after);
    this.options.store.markSynced(
      draft.id,
      { remoteId: after.id, base: baseOf(after, after.etag), rev },
      draft.fields,
    );
    if (asked !== undefined && givenFor(after.slug, asked))
      this.options.store.noteGivenSlug(draft.id, after.slug);
    return 'done';
  }

  /** Settles, and tells the writer on the slug field when the service gave another slug. */
  private settleAt(
    draft: Draft,
    rev: number,
    after: FetchedRecord,
    asked: string | undefined,
    written: string | undefined,
  ): 'done' | 'conflict' {
    const outcome = this.settle(draft, rev, after, written);
    if (outcome === 'done' && asked && !sameSlug(asked, after.slug)) {
      const kept = slugKept(draft.kind, asked, after.slug);
      this.options.store.setDraftError(draft.id, kept.message, kept.fields);
    }
    return outcome;
  }

  /**
   * The first step of a Publish under a new slug landed as a draft: it goes live if the service
   * gave the slug asked for, else it stays a draft and the writer is asked for another slug.
   */
  private async staged(
    draft: Draft,
    sent: DraftFields,
    asked: string,
    after: FetchedRecord,
  ): Promise<'done' | 'conflict' | 'empty'> {
    const { store } = this.options;
    if (!sameFields(fieldsOf(after), { ...sent, slug: after.slug }))
      return this.conflict(draft, after);
    store.attachRemote(draft.id, baseOf(after, after.etag));
    if (!sameSlug(asked, after.slug)) throw slugKept(draft.kind, asked, after.slug);
    const next = this.continueWith(draft.id);
    return next ? this.push(next) : 'done';
  }

  /**
   * Theirs taken, nothing of the writer's to send. Unless the writer chose in a conflict since
   * this push read the service: then it is the choice's to meet (review 27: Keep mine was
   * undone by a push that had decided to take theirs before it).
   */
  private takeTheirs(draft: Draft, theirs: FetchedRecord): 'done' | 'conflict' {
    if (this.resolvedSince(draft.id)) return this.conflict(draft, theirs);
    // Delete pressed while this push read: taken now, theirs would be what the writer saw, and
    // the Delete trashed it unseen (review 29). Left for the Delete, which shows it and says so;
    // the push kept for an Undo, or the draft stayed stale for good (review 30).
    if (this.options.store.hasPendingDelete(draft.id)) throw new HeldForDelete();
    this.options.store.replaceWithRemote(draft.id, theirs, 'replaced-by-service', theirs.etag);
    return 'done';
  }

  private conflict(draft: Draft, theirs: RemoteRecord): 'conflict' {
    if (!this.resolvedSince(draft.id)) this.options.store.markConflict(draft.id, theirs);
    return 'conflict';
  }

  /** The writer resolved a conflict of this draft's since its push in flight started. */
  private resolvedSince(draftId: string): boolean {
    const started = this.startedAfter.get(draftId);
    return started !== undefined && (this.resolutions.get(draftId) ?? 0) > started;
  }

  private async remove(draft: Draft, op: OutboxOp, tries = 0): Promise<'done' | 'conflict'> {
    const api = this.options.clientFor(draft.publicationId);
    // Kept over its deletion and restored since by a colleague: the writer's Delete is of that
    // post (review 21 found it left live, out of Quire's sight), met from the base it had then.
    const back = draft.remoteId === null ? await this.backFromDeletion(api, draft) : undefined;
    // A conflict a create's replay showed (renamed by a colleague, no id attached): the Delete
    // is of that post, or it stayed on the service, live perhaps, out of Quire's sight (review 32).
    const shownPost =
      draft.remoteId === null && !back && draft.conflict && draft.conflict.id !== GONE_ID
        ? draft.conflict
        : undefined;
    // Either held by another draft here (opened from the list while this one's create awaited
    // its answer): that draft's post. The Delete lets this draft go, and the post stays, as the
    // store's refusal says; it was trashed, that draft still holding it (review 51).
    const found = back?.remoteId ?? shownPost?.id;
    const othersPost = found !== undefined && this.heldElsewhere(draft, found);
    const met = othersPost
      ? draft
      : back
        ? { ...draft, remoteId: back.remoteId, base: back }
        : shownPost
          ? { ...draft, remoteId: shownPost.id, base: baseOf(shownPost) }
          : draft;
    const id = met.remoteId ?? undefined;
    // Changed on the service since the writer last saw it (a colleague's work, not a write of
    // the writer's own, nor the version a conflict showed): not trashed unseen, where Quire has
    // no way to bring it back. Shown instead, the Delete to be pressed again (review 25). The
    // restored post too: a colleague's day of work on it was trashed unasked (review 26).
    const remote = id !== undefined ? await this.findOurs(api, met) : undefined;
    const { store } = this.options;
    // Taken back while the service was asked (Undo, or words saved into the post, which take a
    // waiting Delete back): nothing is sent, nor theirs put in place of those words.
    if (!store.stillDue(op.seq)) return 'done';
    // The conflict as shown when Delete was pressed, not as now: a push in flight then may have
    // shown a colleague's change since, unseen (review 28). A delete queued before that was kept
    // has the conflict as it is.
    const shown = op.conflictSeen ?? (draft.conflict ? theirVersion(draft.conflict) : '');
    // The post a replay's conflict showed: seen only if that conflict was on screen at the press
    // (its base is theirs, so nothing else tells a colleague's change from it).
    const unseen =
      remote !== undefined &&
      !sameWords(theirVersion(remote), shown) &&
      (shownPost !== undefined ||
        ['take-theirs', 'conflict'].includes(decidePush(met, remote).action));
    if (remote && unseen) {
      const error = `Not deleted: this ${draft.kind} was changed on the service since you last saw it, and that version is shown now (yours is in the history). Delete it again to delete it.`;
      // One transaction (review 28): a Delete left queued over theirs, shown, is sent after all.
      this.options.store.refuseDelete(
        op.seq,
        draft.id,
        remote,
        [[goneSetting(draft.id), null], refusedDeleteSetting(draft.id, remote.updated_at, error)],
        remote.etag,
      );
      const { publicationId } = draft;
      this.emit({ type: 'delete-refused', draftId: draft.id, publicationId, error });
      return 'done';
    }
    if (id !== undefined)
      try {
        await this.sendDelete(draft, id, remote?.etag);
      } catch (error) {
        // Changed on the service since it was read: read again, and decided again.
        if (!(error instanceof QuireError && error.status === 412) || tries >= 2) throw error;
        return this.remove(draft, op, tries + 1);
      }
    // Taken back while the delete was on its way: the post is gone from the service, but the
    // words here are not deleted unasked; they are shown as a post deleted on the service, for
    // the writer to keep (made again) or let go.
    if (id !== undefined && !store.hasPendingDelete(draft.id) && store.getDraft(draft.id))
      return this.conflict(draft, goneMarker(met));
    store.setSetting(goneSetting(draft.id), null);
    noteRefusedDelete(store, draft.id, null);
    // The post deleted may be one the draft did not know (a replay's conflict, a restored post):
    // its copy here goes too, or offline it was still browsed and found (review 33).
    store.removeDraft(draft.id, id);
    return 'done';
  }

  private async sendDelete(draft: Draft, remoteId: number, ifMatch?: string): Promise<void> {
    const sent: DeleteSent = {
      publicationId: draft.publicationId,
      kind: draft.kind,
      remoteId,
      title: draft.fields.title,
      sentAt: ++this.deleteTick,
      trashed: false,
      refused: false,
      ended: Promise.resolve(),
    };
    const { store } = this.options;
    // Only the version read goes: a try still on its way is turned away by any write since, and
    // by a fence once the Delete is taken back (see fenceTakenBackDeletes).
    if (ifMatch !== undefined) store.noteDeleteSent(draft.id, remoteId);
    const sending = this.options
      .clientFor(draft.publicationId)
      .delete(draft.kind, remoteId, { ifMatch });
    sent.ended = sending.then(
      () => (sent.trashed = true),
      (error: unknown) => {
        // Never sent, or refused at the one try that left: a refusal of a retry says nothing of
        // the try before, whose answer was lost (review 60); nor does a 5xx, a reset or a timeout.
        sent.refused = landedNothing(error);
        // A 412: the version asked for is gone, and with it every try, this round's or an
        // earlier one's, that asked for it or an older one. Nothing else says so: a try that
        // never left says nothing of one before it.
        const moved = error instanceof QuireError && error.status === 412;
        if (moved && store.getDraft(draft.id)) store.forgetDeleteSent(draft.id);
      },
    );
    this.deletes.push(sent);
    this.pruneDeletes();
    try {
      await sending;
    } finally {
      sent.endedAt = ++this.deleteTick;
    }
  }

  /**
   * The oldest Deletes ended go past the most kept, but never one an open in flight may still
   * read (review 57: 200 Deletes of pages pushed out the post's own, and it opened, trashed).
   */
  private pruneDeletes(): void {
    const lowest = Math.min(...this.marks.keys());
    while (this.deletes.length > MOST_DELETES_KEPT) {
      const oldest = this.deletes[0]!;
      if (oldest.endedAt === undefined || oldest.endedAt > lowest) break;
      this.deletes.shift();
    }
  }

  /**
   * Where the log of Deletes sent stands, for `deletesOf`: held (the log keeps what is sent
   * after it) until `letGoOfMark`.
   */
  deleteMark(): number {
    const mark = this.deleteTick;
    this.marks.set(mark, (this.marks.get(mark) ?? 0) + 1);
    return mark;
  }

  letGoOfMark(mark: number): void {
    const left = (this.marks.get(mark) ?? 1) - 1;
    if (left > 0) this.marks.set(mark, left);
    else this.marks.delete(mark);
    this.pruneDeletes();
  }

  /**
   * The Deletes of a record sent, or answered, or still on their way, since `mark`: each may
   * have trashed it after a read that set out then. Only its own: a Delete goes by id (review 57:
   * another post's slow Delete held the open, and was named for a colleague's).
   */
  deletesOf(
    mark: number,
    publicationId: string,
    kind: Draft['kind'],
    remoteId: number,
  ): readonly DeleteSent[] {
    return this.deletes.filter(
      (sent) =>
        sent.publicationId === publicationId &&
        sent.kind === kind &&
        sent.remoteId === remoteId &&
        (sent.endedAt === undefined || sent.endedAt > mark),
    );
  }

  /**
   * Another draft here holds this record, or was kept over its deletion (and meets it restored):
   * one draft a record, this draft's not to take. Asked only by a Delete, which then lets this
   * draft go and leaves the record: the wider count errs toward trashing nothing another draft
   * waits to meet. (The store's check on a write of the id counts only the holder: review 52.)
   */
  private heldElsewhere(draft: Draft, remoteId: number): boolean {
    const { store } = this.options;
    return store.draftForRemote(draft.publicationId, draft.kind, remoteId, draft.id) !== undefined;
  }

  /**
   * A draft being deleted that finds its post held by another draft here: only this draft goes,
   * the post left to the other (attached, the store would refuse it at every try). True if so.
   */
  private letGoForHolder(draft: Draft, remoteId: number): boolean {
    const { store } = this.options;
    if (!store.deleteDue(draft.id) || !this.heldElsewhere(draft, remoteId)) return false;
    store.removeDraft(draft.id);
    return true;
  }

  /**
   * The record a draft had before Keep mine on its deletion, if the service has it again
   * (restored from the trash): the base to meet it from.
   */
  private async backFromDeletion(
    api: PublishingApiClient,
    draft: Draft,
  ): Promise<DraftBase | undefined> {
    // Newest first: a post made by Keep mine and trashed in turn holds the newer words.
    const kept = keptOverDeletion(this.options.store, draft.id);
    let base: DraftBase | undefined;
    for (const record of [...kept.records].reverse()) {
      const restored = await api.findById(draft.kind, record.remoteId, record.createdAt);
      if (!restored) continue;
      // Holding words the draft sent it (a write whose answer was lost): the writer's own, met
      // as in step, not a colleague's change to ask about or to refuse a Delete over.
      base = wasSent(kept.sent, restored) ? baseOf(restored, restored.etag) : record;
      break;
    }
    // Known by no id (a 410 that named none): looked for by the slug its create claimed and the
    // words it sent, as a lost answer is; Keep mine pressed at once made a second post beside it,
    // restored (review 39).
    for (const claim of [...(kept.claims ?? [])].reverse()) {
      if (base) break;
      const sent = (record: RemoteRecord): boolean =>
        wasSent(kept.sent, record) && api.madeSince(record, claim.since);
      const holder = await api.findBySlug(draft.kind, claim.slug);
      const found =
        holder && sent(holder)
          ? holder
          : await api.recentlyCreated(draft.kind, claim.slug, sent, claim.since);
      if (found) base = baseOf(found, found.etag);
    }
    if (!base) return undefined;
    // Keep mine's create may have landed though it failed (a gateway's 504 after the service
    // made it), or not (its 503 page, nothing passed on): the post it made, found by the slug it
    // claimed and the words it sent, is the writer's, the restored one stays the colleague's
    // (review 25); none made, the restored one is met, no second post beside it (review 26).
    // Never the restored one itself: Keep mine pressed at once sends its very words, made within
    // the clock's allowance, and it passed for the create that landed, the post that create made
    // left on the service out of Quire's sight (review 41).
    const landed = draft.claimedSlug
      ? await this.landedCreate(api, draft, base.remoteId)
      : undefined;
    return landed ? baseOf(landed, landed.etag) : base;
  }

  /** A create of this draft's that landed with its answer lost, under its claim or numbered. */
  private async landedCreate(
    api: PublishingApiClient,
    draft: Draft,
    /** A record that is not it (the one deleted, restored). */
    notId?: number,
  ): Promise<FetchedRecord | undefined> {
    if (!draft.claimedSlug) return undefined;
    // A claim from before first tries were kept (0): any time, as before.
    const since = draft.createStartedAt ?? 0;
    const sent = (record: RemoteRecord): boolean =>
      record.id !== notId && wasSent(draft.sentVersions, record) && api.madeSince(record, since);
    const holder = await api.findBySlug(draft.kind, draft.claimedSlug);
    return holder && sent(holder)
      ? holder
      : await api.recentlyCreated(draft.kind, draft.claimedSlug, sent, since);
  }

  /**
   * The writer's decision on a conflict. Whatever is replaced is kept as a revision first.
   * Returns the ids of the drafts that now hold the text (two for "both").
   */
  resolve(draftId: string, resolution: Resolution): string[] {
    const { store } = this.options;
    const draft = store.getDraft(draftId);
    if (!draft?.conflict)
      throw new QuireError({ kind: 'bad-input', message: 'This draft has no conflict to resolve' });
    const theirs = draft.conflict;
    const gone = theirs.id === GONE_ID;
    // A push of it is writing the writer's words to the post, found restored (review 28): taking
    // the draft away now left them there with no draft of it in Quire ("Discard mine"), or on
    // the service twice (Keep both). Not taken until that push is done, which soon shows the
    // post in step (back, with the writer's words) or still deleted, to choose again.
    // So on any conflict (review 29): the words it writes, landed, made Keep theirs write theirs
    // back over a colleague's newer version.
    if (resolution !== 'mine' && this.writing.has(draftId))
      throw new QuireError({
        kind: 'conflict',
        message: `Your latest words are being sent to this ${draft.kind} right now: it may be back on the service. Choose again in a moment, once they have gone.`,
      });
    // Each choice one transaction: written in steps, one failing after another (a full disk, the
    // app killed) left it half made, and Keep both pressed again made a second copy (review 28).
    const ids = store.atomically((): string[] => {
      switch (resolution) {
        case 'mine':
          if (!gone) return [store.keepMine(draftId, theirs)];
          // The words this draft sent to the post deleted go with it, not with the new create:
          // restored, the post holding one of them is the writer's, not a colleague's change
          // (review 34: a landed create's; review 35: a landed Update's).
          rememberGone(
            store,
            draftId,
            draft.base ?? undefined,
            draft.sentVersions,
            // By the claim only a post the service did not name: one it named is met restored by
            // its id, and its claim took a colleague's own post of the title, at `-2`, for it,
            // Keep mine writing into it (review 46).
            draft.claimedSlug && (theirs as { deleted_id?: number }).deleted_id === undefined
              ? { slug: draft.claimedSlug, since: draft.createStartedAt ?? 0 }
              : null,
          );
          return [
            store.keepMine(
              draftId,
              null,
              keptOverDeletion(store, draftId).records.map((kept) => kept.remoteId),
            ),
          ];
        case 'theirs':
          if (gone) {
            store.setSetting(goneSetting(draftId), null);
            store.removeDraft(draftId);
            return [];
          }
          store.replaceWithRemote(draftId, theirs, 'replaced-by-service');
          return [draftId];
        case 'both': {
          // The copy is a draft whatever the original was: a second live post with the same words
          // would reach readers (and feeds) before the writer has decided anything about it.
          const copy = store.createDraft(draft.publicationId, draft.kind, {
            ...draft.fields,
            status: 'draft',
            slug: undefined,
            // Named as the notice names it: an untitled copy was a second "Untitled" row beside
            // theirs, no "Untitled (my copy)" to be found (review 25).
            title: `${draft.fields.title || 'Untitled'} (my copy)`,
          });
          if (gone) {
            store.setSetting(goneSetting(draftId), null);
            store.removeDraft(draftId);
          } else store.replaceWithRemote(draftId, theirs, 'replaced-by-service');
          return gone ? [copy.id] : [draftId, copy.id];
        }
      }
    });
    // Counted once stored: one that failed is not made, and a push in flight that read before it
    // shows what it met, not skipped as the choice's to meet (review 28).
    this.resolutions.set(draftId, (this.resolutions.get(draftId) ?? 0) + 1);
    return ids;
  }

  private emit(event: SyncEvent): void {
    this.options.onEvent?.(event);
  }
}

/**
 * A Delete's create, without the fields the service last refused. It goes only to learn whether
 * an earlier try landed (its key is answered with that post, which the Delete then trashes) or
 * to make a draft for the Delete to trash. Sent with a field refused again, it was refused for
 * ever, and the Delete, waiting behind it, never went: the writer's post stayed on the service,
 * the refusal that said "delete it" unheeded (review 52). The earlier words themselves are not
 * here to send (only their fingerprints are kept), and letting the draft go unsent instead would
 * leave that post, which may have landed, on the service unsaid: only the key can tell.
 */
function withoutRefused(draft: Draft): DraftFields {
  const fields: Partial<DraftFields> = { ...draft.fields };
  for (const name of Object.keys(draft.lastErrorFields ?? {}))
    delete fields[name as keyof DraftFields];
  return { ...fields, title: fields.title ?? '', content: fields.content ?? '' };
}

/**
 * Every compared field named, unset ones as the value "unset" stands for (field-differences.ts):
 * an update leaves a field it does not name as it was, so a restored revision from before an
 * excerpt was written would keep the service's excerpt, and the read-back would call that a
 * conflict.
 */
const spelledOut = (fields: DraftFields): DraftFields => ({
  ...fields,
  ...(Object.fromEntries(
    COMPARED_FIELDS.map((key) => [key, effectiveValue(fields, key)]),
  ) as Partial<DraftFields>),
  tags: fields.tags ?? [],
});

/**
 * A slug the writer never set follows the title while the record has never been published, as
 * in Ghost: the first sync happens a second after the first word, and "why" is not what "Why I
 * walk at night" should live at. Once published, the slug stays, unpublished again included:
 * links made while it was live point at it.
 */
const followingSlug = (draft: Draft): string | undefined =>
  draft.fields.slug ? undefined : slugify(draft.fields.title) || undefined;

const neverPublished = (record: RemoteRecord): boolean =>
  record.status === 'draft' && !record.published_at;

/**
 * The service gave a record another slug than the writer's: it keeps that one for a record it
 * does not show (the reference server, a deleted one's), or takes no new slug on an update (the
 * spec's update names only title, content and status). Quire cannot tell which.
 */
function slugKept(kind: Draft['kind'], asked: string, given: string): QuireError {
  return new QuireError({
    kind: 'validation',
    message: `The service gave this ${kind} the slug “${given}”, not “${asked}”: it may keep “${asked}” for a ${kind} it no longer shows (a deleted one), or not change a slug once given. Choose another slug, or take “${given}”.`,
    fields: { slug: [`was not taken by the service; this ${kind} is at “${given}”`] },
  });
}

/** Whether every version sent since the base carried these words, published or not. */
const onlySent = (sent: readonly string[], words: DraftFields): boolean =>
  sent.every(
    (version) =>
      sentWords(version) === versionKey({ ...words, status: 'publish' }) ||
      sentWords(version) === versionKey({ ...words, status: 'draft' }),
  );

const wantedSlug = (draft: Draft): string | undefined => {
  if (!draft.fields.slug) return undefined;
  const cut = slugify(draft.fields.slug);
  // A slug the service numbered past its 80 characters (`…-2`), taken as the refusal offered
  // it, is asked whole: cut, it named the slug a deleted post keeps, refused again (review 20).
  const whole = slugify(draft.fields.slug, Number.POSITIVE_INFINITY);
  return (whole !== cut && numberedFrom(whole, cut) ? whole : cut) || undefined;
};

/** A refused or missing token, said with what the writer can do: replace it in place. */
const fenceRefusalLead = (kind: string): string =>
  `This ${kind} may still be deleted on the service`;
const isFenceRefusal = (message: string): boolean =>
  message.startsWith(fenceRefusalLead('post')) || message.startsWith(fenceRefusalLead('page'));

export const withTokenAdvice = (said: string): string =>
  /\bToken\b/.test(said)
    ? said
    : `${said.replace(/[.\s]*$/, '')}. Replace the token with “Token” beside the publication.`;

/**
 * A base for a record known by its id only (a create's, deleted before its answer came): met
 * from it, the record is the writer's only if it holds words this draft sent, else asked about.
 */
const unknownBase = (remoteId: number): DraftBase => ({ remoteId, slug: '', updatedAt: '' });

// A record the service no longer has is kept as a conflict with this marker id.
const GONE_ID = -1;
/**
 * `deletedId`: the record deleted, where the service named it. The draft then knows its post: no
 * other record is taken for it (review 46: a colleague's own post of the title, at `-2`, was
 * listed and opened as the writer's deleted draft, and Keep mine wrote into it).
 */
function goneMarker(draft: Draft, deletedId?: number): RemoteRecord & { deleted_id?: number } {
  return {
    ...(deletedId !== undefined && { deleted_id: deletedId }),
    id: GONE_ID,
    title: '',
    slug: draft.base?.slug ?? '',
    excerpt: null,
    content: '',
    content_text: '',
    featured_image: null,
    status: 'draft',
    canonical_url: null,
    meta_title: null,
    meta_description: null,
    featured: false,
    created_at: null,
    updated_at: '',
    published_at: null,
    reading_time: 0,
    tags: [],
    author: null,
    category_id: null,
  };
}

/** Where the store remembers that a publication's service honours create keys. */
const keysSetting = (publicationId: string): string => `honours-create-keys:${publicationId}`;
/** The records a draft had before Keep mine on its deletion: looked for before it is made. */
const goneSetting = (draftId: string): string => `kept-over-deletion:${draftId}`;

/** The records deleted under a draft (oldest first), and the words it sent them. */
interface KeptOverDeletion {
  records: DraftBase[];
  sent: string[];
  /** The slugs its creates claimed, and when first tried, for a post known by no id. */
  claims?: { slug: string; since: number }[];
}

function keptOverDeletion(store: LocalStore, draftId: string): KeptOverDeletion {
  const kept = store.getSetting(goneSetting(draftId));
  if (!kept) return { records: [], sent: [] };
  // Older forms are rewritten by the store's migration 12.
  return JSON.parse(kept) as KeptOverDeletion;
}

/**
 * Every one is kept, not the last: Keep mine pressed again (its create trashed too) forgot the
 * original, and a colleague's restore of it got a second post beside it (review 34).
 */
function rememberGone(
  store: LocalStore,
  draftId: string,
  base: DraftBase | undefined,
  sent: readonly string[],
  claim?: { slug: string; since: number } | null,
): void {
  const kept = keptOverDeletion(store, draftId);
  const records = base
    ? [...kept.records.filter((record) => record.remoteId !== base.remoteId), base]
    : kept.records;
  const words = [...kept.sent.filter((entry) => !sent.includes(entry)), ...sent];
  // A slug claimed again (Keep mine's create at the trashed post's slug, trashed in turn) keeps
  // its first time: the later one passed the original by, restored, and a post was made beside
  // it (review 41).
  const first = kept.claims?.find((one) => one.slug === claim?.slug)?.since;
  const claims = [
    ...(kept.claims ?? []).filter((one) => one.slug !== claim?.slug),
    ...(claim ? [{ ...claim, since: first ?? claim.since }] : []),
  ];
  if (records.length === 0 && words.length === 0) return;
  store.setSetting(goneSetting(draftId), JSON.stringify({ records, sent: words, claims }));
}

/** Thrown by a write a conflict choice has overtaken: the push ends, its op left to the choice's. */
class ChoiceMadeMeanwhile extends Error {}

/** A push met a Delete pressed while it read: it ends, its op kept for an Undo. */
class HeldForDelete extends Error {}
