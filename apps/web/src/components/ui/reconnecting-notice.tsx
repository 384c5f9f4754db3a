import { useReconnecting } from '@/lib/connection-status';

/**
 * A polite live region, always present (a screen reader announces changes only in a region that
 * already exists), that reads "Reconnecting…" while a request waits to be tried again.
 */
export function ReconnectingNotice() {
  const reconnecting = useReconnecting();
  return (
    <p className="reconnecting-notice" role="status" aria-live="polite">
      {reconnecting ? 'Reconnecting…' : ''}
    </p>
  );
}
