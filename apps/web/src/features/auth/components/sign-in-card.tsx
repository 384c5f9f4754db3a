import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthSession } from '@/lib/auth/auth-provider';
import { useGoogleSignInError } from '../hooks/use-google-error';
import { AUTH_MESSAGES } from '../messages';
import { CredentialFields } from './credential-fields';
import { GoogleButton } from './google-button';
import { Button } from '@/components/ui/button';

/** The landing page's Sign In card. */
export function SignInCard() {
  const session = useAuthSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const googleError = useGoogleSignInError();
  const [error, setError] = useState(googleError ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await session.signIn(email, password);
      navigate(paths.dashboard);
    } catch {
      setError(AUTH_MESSAGES.landingSignInFailed);
      setBusy(false);
    }
  };

  return (
    <section className="card sign-in-card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">Sign In</h2>
      <form onSubmit={(e) => void submit(e)}>
        <CredentialFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block disabled={busy}>
          Sign In
        </Button>
      </form>
      <div className="divider">or</div>
      <GoogleButton label="Sign in with Google" returnTo={paths.dashboard} from="/" />
      <p className="form-footer">
        Don&apos;t have an account? <Link to={paths.signup}>Sign Up</Link>
      </p>
    </section>
  );
}
