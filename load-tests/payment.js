// k6 run load-tests/payment.js — A learner opens the unlock dialog and creates the payment intent for the price (nothing is paid).
// Settings: BASE_URL, PROFILE, VUS, THINK_SCALE, LEARNERS_PER_VU (docs/performance.md#running-them).
import { k6Options } from './lib/k6-options.js';
import { runScenario, signUpLearners } from './lib/k6-driver.js';

const data = JSON.parse(open('./scenarios.json'));

export const options = k6Options(data, ['payment'], __ENV);

export function setup() {
  return signUpLearners(data, ['payment']);
}

export default function (learners) {
  runScenario(data, 'payment', learners);
}
