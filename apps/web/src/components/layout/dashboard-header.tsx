import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { PracticeLink } from './practice-link';

/** The signed-in pages' header (docs/product.md#dashboard): Dashboard, Practice (with what is due today), Home and Sign Out. */
export function DashboardHeader() {
  const signOut = useSignOut();
  return (
    <header className="top-bar">
      <Link to={paths.dashboard} className="brand">
        Fluent
      </Link>
      <nav aria-label="Account">
        <Link to={paths.dashboard}>Dashboard</Link>
        <PracticeLink />
        <Link to={paths.home}>Home</Link>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign Out
        </button>
      </nav>
    </header>
  );
}
