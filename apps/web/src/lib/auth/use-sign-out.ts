import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useAuthSession } from './auth-provider';

/** What Sign Out says (docs/product.md#texts). */
export const SIGNED_OUT_MESSAGE = 'Signed out successfully!';

/**
 * Sign Out: 'Signed out successfully!' and home; a failure (Keycloak unreachable) is alerted and
 * the learner stays where they are, still signed in, to try again.
 */
export function useSignOut(): () => Promise<void> {
  const session = useAuthSession();
  const navigate = useNavigate();
  return async () => {
    try {
      await session.signOut();
      window.alert(SIGNED_OUT_MESSAGE);
      navigate(paths.home);
    } catch (error) {
      window.alert(errorMessage(error));
    }
  };
}
