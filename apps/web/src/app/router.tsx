import { createBrowserRouter } from 'react-router-dom';
import { AppErrorPage } from '@/components/errors/app-error-page';
import { RootLayout } from '@/components/layout/root-layout';
import { RequireAuth } from '@/lib/auth/require-auth';

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
      {
        path: '/dashboard',
        lazy: async () => {
          const { DashboardRoute } = await import('./routes/app/dashboard');
          return {
            Component: () => (
              <RequireAuth>
                <DashboardRoute />
              </RequireAuth>
            ),
          };
        },
      },
    ],
  },
]);
