import { pause, request } from './effects.js';
import { dashboard as dashboardPage, pageView, refresh, signIn, signOut } from './pages.js';
import { adopt, newSession } from './session.js';

const isHtmlPage = (r) => r.body.includes('<div id="root">');

/**
 * A learner comes to /login (no cookie yet: the session check answers 204, no session), signs in, gets the
 * dashboard, reloads it a while later (the page load's session refresh: the cookie rotates and a
 * new access token comes back) and signs out, which ends the Keycloak session.
 */
export function* dashboard(ctx) {
  const learner = ctx.learners[0];
  if (!learner) throw new Error('the dashboard scenario needs learners (setup signs them up)');
  const session = newSession();

  yield request('web.document', { vars: { page: '/login' }, checks: { 'the SPA page': isHtmlPage }, group: 'sign in' });
  yield request('auth.session.anonymous', { group: 'sign in' });
  yield pageView('/login', 'sign in');
  yield pause(ctx.think('typeCredentials'));
  adopt(session, (yield signIn(learner, 'sign in')).json());

  yield dashboardPage(learner, session);
  yield pause(ctx.think('dashboard'));

  yield request('web.document', { vars: { page: '/dashboard' }, checks: { 'the SPA page': isHtmlPage }, group: 'reload' });
  adopt(session, (yield refresh('reload')).json());
  yield dashboardPage(learner, session, 'reload');
  yield pause(ctx.think('dashboard'));

  yield signOut('sign out');
}
