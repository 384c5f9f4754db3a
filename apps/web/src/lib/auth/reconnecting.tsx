import { Button } from '@/components/ui/button';

/** Shown while the sign-in service is unreachable: the session is not lost, we are retrying. */
export function Reconnecting({ retryInMs, onRetry }: { retryInMs: number; onRetry: () => void }) {
  return (
    <main className="reconnecting" role="status" aria-live="polite">
      <h1>Reconnecting…</h1>
      <p>We can&apos;t reach Fluent right now. Your session is safe; we&apos;ll try again in {Math.ceil(retryInMs / 1000)} s.</p>
      <Button variant="primary" onClick={onRetry}>
        Try again now
      </Button>
    </main>
  );
}
