// k6 run load-tests/dashboard.js — A learner signs in, loads the dashboard, reloads it (session refresh) and signs out.
// Settings: BASE_URL, PROFILE, VUS, THINK_SCALE, LEARNERS_PER_VU (docs/performance.md#running-them).
import { k6Options } from './lib/k6-options.js';
import { runScenario, signUpLearners } from './lib/k6-driver.js';

const data = JSON.parse(open('./scenarios.json'));

export const options = k6Options(data, ['dashboard'], __ENV);

export function setup() {
  return signUpLearners(data, ['dashboard']);
}

export default function (learners) {
  runScenario(data, 'dashboard', learners);
}
