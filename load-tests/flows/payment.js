import { pause, request } from './effects.js';
import { dashboard, signIn, signOut } from './pages.js';
import { adopt, newSession } from './session.js';

/**
 * A learner signs in, looks at the dashboard, opens the unlock dialog (which loads the payments
 * config and its price) and creates the payment intent for that price, then signs out. No card is
 * confirmed, so nothing is paid and the learner can do it again: Stripe answers the same
 * PaymentIntent for the same learner and price (idempotency key).
 */
export function* payment(ctx) {
  const learner = ctx.learners[0];
  if (!learner) throw new Error('the payment scenario needs learners (setup signs them up)');
  const session = newSession();

  adopt(session, (yield signIn(learner, 'sign in')).json());
  yield dashboard(learner, session);
  yield pause(ctx.think('dashboard'));

  const config = yield request('payments.config', { checks: { 'a price': (r) => r.json().price.amount > 0 }, group: 'unlock dialog' });
  yield pause(ctx.think('paymentDialog'));
  yield request('payments.intent', {
    session,
    body: { amount: config.json().price.amount },
    checks: { 'a client secret': (r) => typeof r.json().clientSecret === 'string' && typeof r.json().paymentIntentId === 'string' },
    group: 'unlock dialog',
  });
  yield signOut('sign out');
}
