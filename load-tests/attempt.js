// k6 run load-tests/attempt.js — A learner takes a test: signs in, loads a test with an attempt left, submits a full answer set, reads the result.
// Settings: BASE_URL, PROFILE, VUS, THINK_SCALE, LEARNERS_PER_VU (docs/performance.md#running-them).
import { k6Options } from './lib/k6-options.js';
import { runScenario, signUpLearners } from './lib/k6-driver.js';

const data = JSON.parse(open('./scenarios.json'));

export const options = k6Options(data, ['attempt'], __ENV);

export function setup() {
  return signUpLearners(data, ['attempt']);
}

export default function (learners) {
  runScenario(data, 'attempt', learners);
}
