// Requests more than one flow sends the way the SPA sends them.
import { batch, request } from './effects.js';

export const recorded = (r) => r.json().recorded === true;

/** The SPA's page view on a route change (features/analytics): the path only. */
export function pageView(path, group) {
  return request('analytics.page_view', { body: { path }, checks: { 'page view recorded': recorded }, group });
}

/** The login form's POST; the answer is adopted into `session` by the flow. */
export function signIn(learner, group) {
  return request('auth.login', {
    body: { email: learner.email, password: learner.password },
    checks: { 'an access token': (r) => typeof r.json().accessToken === 'string' },
    group,
  });
}

/** The session refresh of a page load (or of the SPA's timer): the cookie rotates, a new access token comes back. */
export function refresh(group) {
  return request('auth.session', { checks: { 'a new access token': (r) => typeof r.json().accessToken === 'string' }, group });
}

export function signOut(group) {
  return request('auth.logout', { group });
}

/**
 * The dashboard's first render: the page view and its three queries (the learner, the cards, the
 * history), in parallel as react-query starts them. Answers: [view, me, cards, history].
 */
export function dashboard(learner, session, group = 'dashboard') {
  return batch(
    [
      pageView('/dashboard'),
      request('me', { session, checks: { 'the signed-in learner': (r) => r.json().email === learner.email } }),
      request('tests.list', { session, checks: { '20 cards': (r) => r.json().cards.length === 20 } }),
      request('attempts.list', { session, checks: { 'a history': (r) => Array.isArray(r.json().attempts) } }),
    ],
    group,
  );
}
