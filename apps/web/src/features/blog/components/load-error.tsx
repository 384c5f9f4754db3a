import { Button } from '@/components/ui/button';

/** The blog could not be reached (not a missing post): say so and offer to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="notice-page" role="alert">
      <h2>{what} could not be loaded</h2>
      <p>Please check your connection and try again.</p>
      <Button onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
