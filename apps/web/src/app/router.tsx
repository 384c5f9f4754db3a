import { createBrowserRouter } from 'react-router-dom';
import { AppErrorPage } from '@/components/errors/app-error-page';
import { RootLayout } from '@/components/layout/root-layout';

/** Each route is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
]);
