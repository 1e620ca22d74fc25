import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { publicationsQuery } from '../publications/queries';
import { offlineMessage } from './offline-message';
import { syncStatusQuery } from './queries';

/**
 * The offline banner, in a live region that is always there (one that appears with its text is
 * often not announced), and which says so, to a screen reader only, when the service is back. Its
 * place (`offline-slot`) is out of the text's way: the sidebar's foot, or the window's in a narrow
 * window (styles.css).
 */
export function OfflineBanner() {
  const { data: status } = useQuery(syncStatusQuery());
  const { data: publications } = useQuery(publicationsQuery());
  const message = offlineMessage(status, publications ?? []);
  const [wasOffline, setWasOffline] = useState(false);
  if (message && !wasOffline) setWasOffline(true);
  // Announced once: the note goes when the last waiting change has been sent.
  if (!message && wasOffline && status?.pending === 0) setWasOffline(false);
  return (
    <div role="status" className="offline-slot">
      {message ? (
        <div className="offline-banner">
          <strong>{message.lead}</strong> {message.rest}
        </div>
      ) : wasOffline ? (
        <span className="visually-hidden">Back online: waiting changes are being sent.</span>
      ) : null}
    </div>
  );
}
