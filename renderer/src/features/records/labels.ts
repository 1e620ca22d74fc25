import type { RecordStatus } from '../../../../shared/model';
import type { SyncState } from '../../../../shared/views';

export type SyncShown = SyncState | 'offline' | 'paused';

/** What a list row's Sync badge means, where a word is not enough. */
export const SYNC_TITLES: Partial<Record<SyncShown, string>> = {
  held: 'Edited here; readers see the published version until you press Update.',
  'update-pending':
    'Update pressed: it goes, as it was when pressed, once the service answers; words written since wait for the next Update.',
};

export const SYNC_LABELS: Record<SyncShown, string> = {
  local: 'Saved locally',
  syncing: 'Syncing',
  synced: 'Synced',
  held: 'Edits not live',
  'update-pending': 'Update pending',
  conflict: 'Conflict',
  error: 'Not synced',
  offline: 'Offline',
  paused: 'Paused',
};

/**
 * What the Sync badge says, in the list and the editor alike: a change saved here that waits for
 * a service which did not answer is "Offline", not merely "Saved locally"; one on its way while
 * this computer cannot write (the disk is full) is "Paused", not "Syncing", which it is not.
 */
export const syncShown = (state: SyncState, serviceAway: boolean, stalled = false): SyncShown =>
  state === 'local' && serviceAway ? 'offline' : state === 'syncing' && stalled ? 'paused' : state;

export const STATUS_LABELS = { draft: 'Draft', publish: 'Published' } as const;

/**
 * The status a writer sees: what readers see, unless the writer has asked for a change the
 * service has not confirmed (offline, or on its way), which is named as pending, never as done.
 */
export function statusBadge(
  wanted: RecordStatus,
  service: RecordStatus | null,
  publicationName: string,
  /** The service refused it: it waits for the writer, not for the service (a review). */
  refused = false,
): { className: string; label: string; title: string | undefined } {
  const readersSee = service ?? 'draft';
  if (wanted === readersSee)
    return { className: `status-${wanted}`, label: STATUS_LABELS[wanted], title: undefined };
  // Not dropped: the press goes by itself once the refusal is put right, which the writer is told
  // in so many words, as it surprised one who cleared the field (a review).
  if (refused)
    return wanted === 'publish'
      ? {
          className: 'status-refused',
          label: 'Publish refused',
          title: `Not live: ${publicationName} refused it (what it said shows in the post, under its title). It goes live by itself once that is put right, unless you keep it a draft.`,
        }
      : {
          className: 'status-refused',
          label: 'Unpublish refused',
          title: `Still live: ${publicationName} refused the unpublish (what it said shows in the post, under its title). It is unpublished by itself once that is put right, unless you keep it published.`,
        };
  return wanted === 'publish'
    ? {
        className: 'status-pending',
        label: 'Publish pending',
        title: `Not live yet: it is published when ${publicationName} confirms it.`,
      }
    : {
        className: 'status-pending',
        label: 'Unpublish pending',
        title: `Still live: readers of ${publicationName} see it until the service confirms the unpublish.`,
      };
}

/**
 * The spec leaves a list's order to the service, and the "Updated" column need not follow it. The
 * caption says what order the rows are in: newest created first when the dates show it (the
 * reference server's order), otherwise the service's own, whatever that is.
 */
export function listOrderCaption(
  items: readonly { createdAt: string | null }[],
  publicationName: string,
): string {
  const created = items
    .map((item) => (item.createdAt === null ? Number.NaN : Date.parse(item.createdAt)))
    .filter((time) => !Number.isNaN(time));
  const newestFirst =
    created.length >= 2 && created.every((time, i) => i === 0 || time <= created[i - 1]!);
  return newestFirst
    ? 'Newest first, by date created.'
    : `In the order ${publicationName} lists them.`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatUpdated = (iso: string | null): string =>
  iso && !Number.isNaN(Date.parse(iso)) ? dateFormat.format(new Date(iso)) : '—';
