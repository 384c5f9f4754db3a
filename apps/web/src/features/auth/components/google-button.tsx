import { useState } from 'react';
import { useAuthSession } from '@/lib/auth/auth-provider';
import { paths } from '@/config/paths';
import { AUTH_MESSAGES, errorMessage } from '../messages';

/** Starts Google sign-in through Keycloak; a failure is reported as SPEC.md words it. */
export function GoogleButton({ label, onError }: { label: string; onError: (message: string) => void }) {
  const session = useAuthSession();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await session.signInWithGoogle(paths.dashboard);
    } catch (error) {
      onError(`${AUTH_MESSAGES.googleSignInFailed}${errorMessage(error)}`);
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button google" onClick={() => void start()} disabled={busy}>
      <span className="google-mark" aria-hidden="true">
        G
      </span>
      {label}
    </button>
  );
}
