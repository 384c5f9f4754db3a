import { answersFor } from './answers.js';
import { chooseTest, NO_TEST_LEFT } from './choose-test.js';
import { batch, pause, request } from './effects.js';
import { dashboard, pageView, refresh, signIn, signOut } from './pages.js';
import { adopt, newSession, refreshPeriodMs } from './session.js';

const sectionsComplete = (r) => {
  const test = r.json();
  return test.sentences.length === 10 && test.fills.length === 10 && test.jumbled.length === 15 && test.passages.length === 3 && !r.body.includes('"answer"');
};

/**
 * A learner takes a test: signs in, picks from the dashboard's cards a test with an attempt left
 * (moving on to the VU's next learner when none is), loads the test, spends the runner's time
 * (about 40 minutes at THINK_SCALE=1) with the session refreshes the SPA makes in that time,
 * submits a full answer set, opens the result and signs out.
 */
export function* attempt(ctx) {
  const session = newSession();
  let learner;
  let testId;
  while (testId === undefined) {
    ctx.vu.learnerCursor = ctx.vu.learnerCursor || 0;
    learner = ctx.learners[ctx.vu.learnerCursor];
    if (!learner) throw new Error(NO_TEST_LEFT);
    adopt(session, (yield signIn(learner, 'sign in')).json());
    const [, , cards] = yield dashboard(learner, session);
    testId = chooseTest(cards.json().cards);
    if (testId === undefined) {
      yield signOut('sign out');
      ctx.vu.learnerCursor += 1;
    }
  }
  yield pause(ctx.think('dashboard'));

  const [, test] = yield batch([pageView('/test'), request('tests.get', { vars: { testId }, session, checks: { 'every section, no answers': sectionsComplete } })], 'test');
  // The runner's time at the run's THINK_SCALE, with as many session refreshes as the SPA makes
  // in the real time of a test: the requests sent do not depend on the scale.
  const runnerSeconds = ctx.draw('testRunner');
  const refreshes = Math.floor((runnerSeconds * 1000) / refreshPeriodMs(session));
  const gap = (runnerSeconds * ctx.thinkScale) / (refreshes + 1);
  for (let i = 0; i < refreshes; i++) {
    yield pause(gap);
    adopt(session, (yield refresh('test')).json());
  }
  yield pause(gap);

  const submitted = yield request('attempts.create', {
    vars: { testId },
    session,
    body: { submissionId: crypto.randomUUID(), answers: answersFor(test.json()) },
    checks: { 'the results': (r) => r.json().testId === testId && typeof r.json().attemptId === 'string' },
    group: 'submit',
  });
  const attemptId = submitted.json().attemptId;
  yield batch([pageView('/result'), request('attempts.get', { vars: { attemptId }, session, checks: { 'the stored attempt': (r) => r.json().attemptId === attemptId } })], 'result');
  yield pause(ctx.think('results'));
  yield signOut('sign out');
}
