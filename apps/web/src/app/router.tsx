import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppErrorPage } from '@/components/errors/app-error-page';
import { Spinner } from '@/components/ui/spinner';
import { RootLayout } from '@/components/layout/root-layout';
import { RequireAuth } from '@/lib/auth/require-auth';
import { HOME_TITLE, type PageMeta, type RouteHandle } from '@/lib/page-meta';
import { AppRoot } from './root';

type LoadPage = () => Promise<ComponentType>;

/**
 * A page that reads or sends data: its chunk brings the query cache along (lib/query-provider),
 * so the pages that fetch nothing, the landing page first, never load react-query.
 */
function withQueries(load: LoadPage): LoadPage {
  return async () => {
    const [{ QueryProvider }, Page] = await Promise.all([import('@/lib/query-provider'), load()]);
    return function WithQueries() {
      return (
        <QueryProvider>
          <Page />
        </QueryProvider>
      );
    };
  };
}

/** A lazily loaded route that only signed-in users reach; others go to /login and come back. */
function signedIn(load: LoadPage) {
  return async () => {
    const Page = await withQueries(load)();
    return {
      Component: () => (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
    };
  };
}

/** A lazily loaded public page. */
const page = (load: LoadPage) => async () => ({ Component: await load() });

/** Each route's document title and meta description. */
const meta = (title: string, description: string): RouteHandle => ({ meta: { title, description } satisfies PageMeta });

/** Each route is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <AppErrorPage />,
    // While the first page's chunk loads: the same calm state as while the session is asked for.
    hydrateFallbackElement: <Spinner label="Loading…" fullPage />,
    children: [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/',
            handle: meta(HOME_TITLE, 'Timed mock tests for the English writing and typing test: typing, sentence completion, fill in the blanks, jumbled words, passage reconstruction and email writing.'),
            lazy: page(() => import('./routes/landing').then((m) => m.LandingRoute)),
          },
          { path: '/login', handle: meta('Login', 'Sign in to Fluent to take your practice tests.'), lazy: page(() => import('./routes/login').then((m) => m.LoginRoute)) },
          { path: '/signup', handle: meta('Sign Up', 'Create a Fluent account and start with three free practice tests.'), lazy: page(() => import('./routes/signup').then((m) => m.SignupRoute)) },
          { path: '/about', handle: meta('About Us', 'Who we are, what a Fluent mock test looks like and how it is scored.'), lazy: page(() => import('./routes/about').then((m) => m.AboutRoute)) },
          { path: '/contact', handle: meta('Contact Us', 'Questions about a test, your account or a payment? Send the Fluent team a message.'), lazy: page(withQueries(() => import('./routes/contact').then((m) => m.ContactRoute))) },
          { path: '/terms', handle: meta('Terms and Conditions', 'The terms for using Fluent, its practice tests and premium access.'), lazy: page(() => import('./routes/terms').then((m) => m.TermsRoute)) },
          { path: '/privacy', handle: meta('Privacy Policy', 'What Fluent collects and stores, which cookies it uses and what you can ask of us.'), lazy: page(() => import('./routes/privacy').then((m) => m.PrivacyRoute)) },
          { path: '/blog', handle: meta('Blog', 'Practical advice for the timed English writing and typing test.'), lazy: page(withQueries(() => import('./routes/blog').then((m) => m.BlogRoute))) },
          // Its title is the post's own (set by the page once the post is loaded).
          { path: '/blog/:slug', lazy: page(withQueries(() => import('./routes/blog-post').then((m) => m.BlogPostRoute))) },
          { path: '*', handle: meta('Page not found', 'This page does not exist or has moved.'), lazy: page(() => import('./routes/not-found').then((m) => m.NotFoundRoute)) },
        ],
      },
      { path: '/dashboard', handle: meta('Dashboard', 'Your Fluent practice tests.'), lazy: signedIn(() => import('./routes/app/dashboard').then((m) => m.DashboardRoute)) },
      { path: '/test', handle: meta('Test', 'A timed Fluent practice test.'), lazy: signedIn(() => import('./routes/app/test').then((m) => m.TestRoute)) },
      { path: '/result', handle: meta('Results', 'Your Fluent practice test results.'), lazy: signedIn(() => import('./routes/app/result').then((m) => m.ResultRoute)) },
    ],
  },
]);
