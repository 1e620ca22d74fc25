import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { syncStatusQuery } from './queries';

/**
 * The offline banner, in a live region that is always there (one that appears with its text is
 * often not announced), and which says so, to a screen reader only, when the service is back.
 */
export function OfflineBanner() {
  const { data: status } = useQuery(syncStatusQuery());
  const offline = status !== undefined && !status.online;
  const [wasOffline, setWasOffline] = useState(false);
  if (offline && !wasOffline) setWasOffline(true);
  // Only the changes waiting for a service that is away: another publication's sync on.
  const queued = status?.waiting === 1 ? '1 change' : `${status?.waiting ?? 0} changes`;
  return (
    <div role="status">
      {offline ? (
        <div className="offline-banner">
          <strong>Offline.</strong> You can keep writing: {queued} saved on this computer will sync
          when the service is back.
        </div>
      ) : wasOffline ? (
        <span className="visually-hidden">Back online: waiting changes are being sent.</span>
      ) : null}
    </div>
  );
}
