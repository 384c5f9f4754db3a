import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { authSession, type AuthSession, type AuthState } from './auth-session';
import { Reconnecting } from './reconnecting';

const AuthContext = createContext<AuthSession>(authSession);

/**
 * Renders nothing but a small loading state until the first authentication state is known
 * (docs/product.md#pages: the app waits for it), then the app. While the sign-in service cannot be reached the
 * visitor sees a calm "reconnecting" screen, never the login page.
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
  if (state.status === 'reconnecting') return <Reconnecting retryInMs={state.retryInMs} onRetry={() => void session.retryNow()} />;
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
