import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppErrorPage } from '@/components/errors/app-error-page';
import { RootLayout } from '@/components/layout/root-layout';
import { RequireAuth } from '@/lib/auth/require-auth';

/** A lazily loaded route that only signed-in users reach; others go to /login and come back. */
function signedIn(load: () => Promise<ComponentType>) {
  return async () => {
    const Page = await load();
    return {
      Component: () => (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
    };
  };
}

/** Each route is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    errorElement: <AppErrorPage />,
    children: [
      {
        element: <RootLayout />,
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }) },
          { path: '/login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
          { path: '/signup', lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }) },
          { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
        ],
      },
      { path: '/dashboard', lazy: signedIn(() => import('./routes/app/dashboard').then((m) => m.DashboardRoute)) },
      { path: '/test', lazy: signedIn(() => import('./routes/app/test').then((m) => m.TestRoute)) },
      { path: '/result', lazy: signedIn(() => import('./routes/app/result').then((m) => m.ResultRoute)) },
    ],
  },
]);
