import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction } from 'react-router-dom';
import { DEFAULT_FREE_TEST_COUNT } from '@fluent/contracts';
import { AppErrorPage } from '@/components/errors/app-error-page';
import { Spinner } from '@/components/ui/spinner';
import { RootLayout } from '@/components/layout/root-layout';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/lib/auth/require-auth';
import { numberWord } from '@/lib/number-words';
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

/** A signed-in route's module: its page and, when it has one, what its loader starts fetching. */
interface SignedInRoute {
  Component: ComponentType;
  loader?: (queryClient: QueryClient) => LoaderFunction;
}

/** A lazily loaded route that only signed-in users reach; others go to /login and come back. */
function signedIn(load: () => Promise<SignedInRoute>) {
  return async () => {
    const [{ queryClient }, { Component, loader }] = await Promise.all([import('@/lib/query-client'), load()]);
    const Page = await withQueries(async () => Component)();
    return {
      Component: () => (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
      loader: loader?.(queryClient),
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
            path: paths.home,
            handle: meta(HOME_TITLE, 'Timed mock tests for the English writing and typing test: typing, sentence completion, fill in the blanks, jumbled words, passage reconstruction and email writing.'),
            lazy: page(() => import('./routes/landing').then((m) => m.LandingRoute)),
          },
          { path: paths.login, handle: meta('Login', 'Sign in to Fluent to take your practice tests.'), lazy: page(() => import('./routes/login').then((m) => m.LoginRoute)) },
          { path: paths.signup, handle: meta('Sign Up', `Create a Fluent account and start with ${numberWord(DEFAULT_FREE_TEST_COUNT)} free practice tests.`), lazy: page(() => import('./routes/signup').then((m) => m.SignupRoute)) },
          { path: paths.about, handle: meta('About Us', 'Who we are, what a Fluent mock test looks like and how it is scored.'), lazy: page(withQueries(() => import('./routes/about').then((m) => m.AboutRoute))) },
          { path: paths.contact, handle: meta('Contact Us', 'Questions about a test, your account or a payment? Send the Fluent team a message.'), lazy: page(withQueries(() => import('./routes/contact').then((m) => m.ContactRoute))) },
          { path: paths.terms, handle: meta('Terms and Conditions', 'The terms for using Fluent, its practice tests and premium access.'), lazy: page(withQueries(() => import('./routes/terms').then((m) => m.TermsRoute))) },
          { path: paths.privacy, handle: meta('Privacy Policy', 'What Fluent collects and stores, which cookies it uses and what you can ask of us.'), lazy: page(() => import('./routes/privacy').then((m) => m.PrivacyRoute)) },
          { path: paths.blog, handle: meta('Blog', 'Practical advice for the timed English writing and typing test.'), lazy: page(withQueries(() => import('./routes/blog').then((m) => m.BlogRoute))) },
          // Its title is the post's own (set by the page once the post is loaded).
          { path: paths.blogPostPattern, lazy: page(withQueries(() => import('./routes/blog-post').then((m) => m.BlogPostRoute))) },
          { path: '*', handle: meta('Page not found', 'This page does not exist or has moved.'), lazy: page(() => import('./routes/not-found').then((m) => m.NotFoundRoute)) },
        ],
      },
      {
        path: paths.dashboard,
        handle: meta('Dashboard', 'Your Fluent practice tests.'),
        lazy: signedIn(() => import('./routes/app/dashboard').then((m) => ({ Component: m.DashboardRoute, loader: m.dashboardLoader }))),
      },
      { path: paths.test, handle: meta('Test', 'A timed Fluent practice test.'), lazy: signedIn(() => import('./routes/app/test').then((m) => ({ Component: m.TestRoute }))) },
      { path: paths.result, handle: meta('Results', 'Your Fluent practice test results.'), lazy: signedIn(() => import('./routes/app/result').then((m) => ({ Component: m.ResultRoute }))) },
      { path: paths.practice, handle: meta('Practice', 'Practise the items you missed, the sentences you wrote wrong and the words you mistyped.'), lazy: signedIn(() => import('./routes/app/practice').then((m) => ({ Component: m.PracticeRoute }))) },
    ],
  },
]);
