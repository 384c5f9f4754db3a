import { Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Shown when rendering a route throws; the heading is the one SPEC.md names. */
export function AppErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="content error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Your progress on the server is safe.</p>
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      <a href={paths.home}>Go to the home page</a>
      <noscript>
        <Link to={paths.home}>Home</Link>
      </noscript>
    </main>
  );
}
