import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AUTH_MESSAGES, errorMessage } from '@/features/auth/messages';
import { useAuthSession } from '@/lib/auth/auth-provider';

export function DashboardHeader() {
  const session = useAuthSession();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await session.signOut();
      window.alert(AUTH_MESSAGES.signedOut);
      navigate(paths.home);
    } catch (error) {
      window.alert(errorMessage(error));
    }
  };
  return (
    <header className="top-bar">
      <Link to={paths.dashboard} className="brand">
        Fluent
      </Link>
      <nav aria-label="Account">
        <Link to={paths.dashboard}>Dashboard</Link>
        <Link to={paths.home}>Home</Link>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign Out
        </button>
      </nav>
    </header>
  );
}
