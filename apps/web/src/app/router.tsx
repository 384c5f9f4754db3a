import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppErrorPage } from '@/components/errors/app-error-page';
import { RootLayout } from '@/components/layout/root-layout';
import { RequireAuth } from '@/lib/auth/require-auth';
import { HOME_TITLE, type PageMeta, type RouteHandle } from '@/lib/page-meta';
import { AppRoot } from './root';

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

/** Each route's document title and meta description. */
const meta = (title: string, description: string): RouteHandle => ({ meta: { title, description } satisfies PageMeta });

/** Each route is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <AppErrorPage />,
    children: [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/',
            handle: meta(HOME_TITLE, 'Timed mock tests for the English writing and typing test: typing, sentence completion, fill in the blanks, jumbled words, passage reconstruction and email writing.'),
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
          },
          { path: '/login', handle: meta('Login', 'Sign in to Fluent to take your practice tests.'), lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
          { path: '/signup', handle: meta('Sign Up', 'Create a Fluent account and start with three free practice tests.'), lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }) },
          { path: '/about', handle: meta('About Us', 'Who we are, what a Fluent mock test looks like and how it is scored.'), lazy: async () => ({ Component: (await import('./routes/about')).AboutRoute }) },
          { path: '/contact', handle: meta('Contact Us', 'Questions about a test, your account or a payment? Send the Fluent team a message.'), lazy: async () => ({ Component: (await import('./routes/contact')).ContactRoute }) },
          { path: '/terms', handle: meta('Terms and Conditions', 'The terms for using Fluent, its practice tests and premium access.'), lazy: async () => ({ Component: (await import('./routes/terms')).TermsRoute }) },
          { path: '/privacy', handle: meta('Privacy Policy', 'What Fluent collects and stores, which cookies it uses and what you can ask of us.'), lazy: async () => ({ Component: (await import('./routes/privacy')).PrivacyRoute }) },
          { path: '/blog', handle: meta('Blog', 'Practical advice for the timed English writing and typing test.'), lazy: async () => ({ Component: (await import('./routes/blog')).BlogRoute }) },
          // Its title is the post's own (set by the page once the post is loaded).
          { path: '/blog/:slug', lazy: async () => ({ Component: (await import('./routes/blog-post')).BlogPostRoute }) },
          { path: '*', handle: meta('Page not found', 'This page does not exist or has moved.'), lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
        ],
      },
      { path: '/dashboard', handle: meta('Dashboard', 'Your Fluent practice tests.'), lazy: signedIn(() => import('./routes/app/dashboard').then((m) => m.DashboardRoute)) },
      { path: '/test', handle: meta('Test', 'A timed Fluent practice test.'), lazy: signedIn(() => import('./routes/app/test').then((m) => m.TestRoute)) },
      { path: '/result', handle: meta('Results', 'Your Fluent practice test results.'), lazy: signedIn(() => import('./routes/app/result').then((m) => m.ResultRoute)) },
    ],
  },
]);
