import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MOBILE_NUMBER_HINT } from '@fluent/contracts';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuthSession } from '@/lib/auth/auth-provider';
import { errorMessage } from '@/lib/error-message';
import { AUTH_MESSAGES } from '../messages';
import { Button } from '@/components/ui/button';

/** /signup: mobile number (exactly 10 digits), email, password. */
export function SignupForm() {
  const session = useAuthSession();
  const navigate = useNavigate();
  const [mobileNumber, setMobileNumber] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await session.signUp({ mobileNumber, email, password });
      window.alert(AUTH_MESSAGES.signUpSucceeded);
      navigate(paths.home);
    } catch (error) {
      window.alert(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <section className="card auth-card" aria-labelledby="signup-heading">
      <h1 id="signup-heading">Sign Up</h1>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label="Mobile Number"
          type="tel"
          name="mobileNumber"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          pattern="\d{10}"
          maxLength={10}
          title={MOBILE_NUMBER_HINT}
          hint={MOBILE_NUMBER_HINT}
          value={mobileNumber}
          onChange={(e) => setMobileNumber(e.target.value.trim())}
        />
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="primary" block disabled={busy}>
          Sign Up
        </Button>
      </form>
      <p className="form-footer">
        <Link to={paths.home}>Already have an account? Sign In</Link>
      </p>
    </section>
  );
}
