// k6 run load-tests/mixed.js — every scenario at once, VUS shared out by scenarios.json's `mix`.
// Settings: BASE_URL, PROFILE, VUS, THINK_SCALE, LEARNERS_PER_VU (docs/performance.md#running-them).
import { k6Options } from './lib/k6-options.js';
import { runScenario, signUpLearners } from './lib/k6-driver.js';

const data = JSON.parse(open('./scenarios.json'));
const names = Object.keys(data.mix);

export const options = k6Options(data, names, __ENV, (name) => name);

export function setup() {
  return signUpLearners(data, names);
}

export function browse(learners) {
  runScenario(data, 'browse', learners);
}

export function dashboard(learners) {
  runScenario(data, 'dashboard', learners);
}

export function attempt(learners) {
  runScenario(data, 'attempt', learners);
}

export function payment(learners) {
  runScenario(data, 'payment', learners);
}
