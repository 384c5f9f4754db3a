import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthSession } from '@/lib/auth/auth-provider';
import { errorMessage } from '@/lib/error-message';
import { useGoogleSignInError } from '../hooks/use-google-error';
import { CredentialFields } from './credential-fields';
import { GoogleButton } from './google-button';
import { Button } from '@/components/ui/button';

type ReturnState = { from?: string; fromState?: unknown } | null;

/** /login: failures are alerts with the server's message (docs/product.md#texts). */
export function LoginForm() {
  const session = useAuthSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const back = location.state as ReturnState;
  const googleError = useGoogleSignInError();
  useEffect(() => {
    if (googleError) window.alert(googleError);
  }, [googleError]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await session.signIn(email, password);
      navigate(back?.from ?? paths.dashboard, { replace: true, state: back?.fromState });
    } catch (error) {
      window.alert(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <section className="card auth-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Login</h1>
      <form onSubmit={(e) => void submit(e)}>
        <CredentialFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
        <Button type="submit" variant="primary" block disabled={busy}>
          Login
        </Button>
      </form>
      <div className="divider">or</div>
      <GoogleButton label="Continue with Google" returnTo={back?.from ?? paths.dashboard} from="/login" />
      <p className="form-footer">
        New to Fluent? <Link to={paths.signup}>Sign Up</Link>
      </p>
    </section>
  );
}
