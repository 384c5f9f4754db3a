import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { googleSignInErrorMessage } from '@fluent/contracts';
import { AUTH_MESSAGES } from '../messages';

/**
 * A Google sign-in that failed comes back to the page that started it with `?google_error=<code>`
 * (set by the gateway). Returns 'Google Sign-In Failed: ' plus the message for that code once (an
 * unknown code gets the general one, so a link cannot write on our page), and takes the parameter
 * out of the address so a reload does not repeat it.
 */
export function useGoogleSignInError(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [message] = useState(() => {
    const code = new URLSearchParams(location.search).get('google_error');
    return code ? `${AUTH_MESSAGES.googleSignInFailed}${googleSignInErrorMessage(code)}` : undefined;
  });
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('google_error')) return;
    params.delete('google_error');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: location.state });
  }, [location, navigate]);
  return message;
}
