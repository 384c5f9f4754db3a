import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { authSession, type AuthSession, type AuthState } from './auth-session';

const AuthContext = createContext<AuthSession>(authSession);

/**
 * Renders nothing but a small loading state until the first authentication state is known
 * (SPEC.md: the app waits for it), then the app.
 */
export function AuthProvider({ children, session = authSession }: { children: ReactNode; session?: AuthSession }) {
  const state = useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.getState(),
  );
  useEffect(() => {
    void session.boot();
  }, [session]);
  if (state.status === 'loading') return <Spinner label="Loading…" fullPage />;
  return <AuthContext.Provider value={session}>{children}</AuthContext.Provider>;
}

export function useAuthSession(): AuthSession {
  return useContext(AuthContext);
}

export function useAuthState(): AuthState {
  const session = useAuthSession();
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.getState(),
  );
}
