import { useQuery } from '@tanstack/react-query';
import { syncStatusQuery } from './queries';

export function OfflineBanner() {
  const { data: status } = useQuery(syncStatusQuery());
  if (!status || status.online) return null;
  // Only the changes waiting for a service that is away: another publication's sync on.
  const queued = status.waiting === 1 ? '1 change' : `${status.waiting} changes`;
  return (
    <div className="offline-banner" role="status">
      <strong>Offline.</strong> You can keep writing: {queued} saved on this computer will sync when
      the service is back.
    </div>
  );
}
