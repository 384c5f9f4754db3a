import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Any unknown route (docs/product.md#pages). */
export function NotFoundRoute() {
  return (
    <section className="notice-page not-found">
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="cta-row">
        <Link to={paths.home} className="button primary">
          Back to the home page
        </Link>
        <Link to={paths.blog} className="button">
          Read the blog
        </Link>
      </div>
    </section>
  );
}
