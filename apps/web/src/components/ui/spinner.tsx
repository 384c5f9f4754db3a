/**
 * A loading state. `fullPage`: the whole screen, centred (nothing else is shown yet).
 * `holdsPage`: stands in for a page's content below its header, as tall as the screen, so that
 * the footer is not on screen while the content loads and nothing jumps when it arrives (CLS).
 */
export function Spinner({ label, fullPage = false, holdsPage = false }: { label: string; fullPage?: boolean; holdsPage?: boolean }) {
  const className = ['spinner', fullPage ? 'full-page' : '', holdsPage ? 'holds-page' : ''].filter(Boolean).join(' ');
  return (
    <div className={className} role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
