import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { applyPageMeta } from '@/lib/page-meta';
import { Button } from '@/components/ui/button';

/**
 * Shown when rendering a route throws; the heading is the one docs/product.md#texts names. It stands outside the
 * app's layout (which may be what failed), and its links reload the page: a fresh start.
 */
export function AppErrorPage() {
  const error = useRouteError();
  // The message helps while developing; visitors get no internals.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  useEffect(() => applyPageMeta({ title: 'Something went wrong', description: 'An unexpected error stopped this page from loading.' }), []);
  return (
    <div className="page error-shell">
      <header className="top-bar">
        <a href={paths.home} className="brand">
          Fluent
        </a>
      </header>
      <main className="content">
        <section className="notice-page error-page" role="alert">
          <p className="eyebrow">Something went wrong</p>
          <h1>Unexpected Application Error!</h1>
          <p>Something went wrong while showing this page. Your account and your saved results are safe.</p>
          {detail ? <pre className="error-detail">{detail}</pre> : null}
          <div className="cta-row">
            <a href={paths.home} className="button primary">
              Go to the home page
            </a>
            <Button onClick={() => window.location.reload()}>
              Try again
            </Button>
          </div>
        </section>
      </main>
    </div>
  );
}
