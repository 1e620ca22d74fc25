import { useQuery } from '@tanstack/react-query';
import { syncStatusQuery } from './queries';

export function OfflineBanner() {
  const { data: status } = useQuery(syncStatusQuery());
  if (!status || status.online) return null;
  const queued = status.pending === 1 ? '1 change' : `${status.pending} changes`;
  return (
    <div className="offline-banner" role="status">
      <strong>Offline.</strong> You can keep writing: {queued} saved on this computer will sync when
      the service is back.
    </div>
  );
}
