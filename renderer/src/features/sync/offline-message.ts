import type { PublicationView, SyncStatusView } from '../../../../shared/views';

/**
 * What the banner says, or null: first, that sync has stopped because this computer cannot write
 * (it holds up every publication); then the services that are away by name, since one service
 * down says nothing about the publication on screen (another publication's writing syncs on).
 */
export function offlineMessage(
  status:
    | (Pick<SyncStatusView, 'online' | 'waiting' | 'waitingFor'> &
        Partial<Pick<SyncStatusView, 'stalled' | 'held' | 'refused'>>)
    | undefined,
  publications: readonly Pick<PublicationView, 'id' | 'name' | 'active'>[],
): { lead: string; rest: string } | null {
  if (status?.stalled)
    return {
      lead: 'Sync paused.',
      rest: `${status.stalled} Sync goes on by itself once this computer can save again.`,
    };
  if (!status || status.online) return null;
  const away = publications.filter((publication) => status.waitingFor.includes(publication.id));
  const names = away.map((publication) => publication.name);
  const queued = status.waiting === 1 ? '1 change' : `${status.waiting} changes`;
  const list =
    names.length <= 1
      ? (names[0] ?? 'A service')
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  // The sidebar counts these as unsynced too: said apart, since they wait for an Update.
  const held = status.held ?? 0;
  const refused = status.refused ?? 0;
  const more =
    (!held
      ? ''
      : held === 1
        ? ' 1 edit to a live post or page waits for your Update.'
        : ` ${held} edits to live posts and pages wait for your Update.`) +
    // Said apart too: they wait for the writer's fix, not for the service.
    (!refused
      ? ''
      : refused === 1
        ? ' 1 change the service refused waits for your fix (marked “Not synced”).'
        : ` ${refused} changes the service refused wait for your fix (marked “Not synced”).`);
  const activeAway = away.some((publication) => publication.active);
  // Nothing that waits for the service alone: no "0 changes will sync".
  const none = status.waiting === 0;
  if (activeAway || names.length === 0)
    return {
      lead: names.length <= 1 ? 'Offline.' : `Offline: ${list}.`,
      rest: none
        ? `You can keep writing.${more}`
        : `You can keep writing: ${queued} saved on this computer will sync when ${
            names.length <= 1 ? 'the service is' : 'their services are'
          } back.${more}`,
    };
  return {
    lead: `${list} cannot be reached.`,
    rest: none
      ? more.trimStart()
      : `${queued} for ${names.length === 1 ? 'it' : 'them'} saved on this computer will sync when ${
          names.length === 1 ? 'its service is' : 'their services are'
        } back.${more}`,
  };
}
