import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NoResults() {
  return (
    <section className="card notice">
      <h1>No Results Available</h1>
      <p>Please complete a test to view results.</p>
      <Link to={paths.dashboard} className="button">
        Go to Dashboard
      </Link>
    </section>
  );
}
