import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="button">
        Back to the home page
      </Link>
    </section>
  );
}
