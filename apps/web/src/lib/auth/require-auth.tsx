import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthState } from './auth-provider';

/** Signed-out visitors go to /login, and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const state = useAuthState();
  const location = useLocation();
  if (state.status !== 'signed-in') {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}`, fromState: location.state as unknown }} />;
  }
  return <>{children}</>;
}
