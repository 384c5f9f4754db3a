import { useAuthSession } from '@/lib/auth/auth-provider';
import { Button } from '@/components/ui/button';

/**
 * Starts Google sign-in (the gateway runs it with Keycloak). A failure comes back to the page
 * that started it; see useGoogleSignInError.
 */
export function GoogleButton({ label, returnTo, from }: { label: string; returnTo: string; from: '/' | '/login' }) {
  const session = useAuthSession();
  return (
    <Button variant="google" onClick={() => session.signInWithGoogle(returnTo, from)}>
      <span className="google-mark" aria-hidden="true">
        G
      </span>
      {label}
    </Button>
  );
}
