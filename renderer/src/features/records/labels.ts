import type { SyncState } from '../../../../shared/views';

export const SYNC_LABELS: Record<SyncState | 'offline', string> = {
  local: 'Saved locally',
  syncing: 'Syncing',
  synced: 'Synced',
  held: 'Edits not live',
  conflict: 'Conflict',
  error: 'Not synced',
  offline: 'Offline',
};

export const STATUS_LABELS = { draft: 'Draft', publish: 'Published' } as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatUpdated = (iso: string | null): string =>
  iso && !Number.isNaN(Date.parse(iso)) ? dateFormat.format(new Date(iso)) : '—';
