// k6 run load-tests/browse.js — An anonymous visitor browses: the landing page, the blog and a post, About.
// Settings: BASE_URL, PROFILE, VUS, THINK_SCALE, LEARNERS_PER_VU (docs/performance.md#running-them).
import { k6Options } from './lib/k6-options.js';
import { runScenario, signUpLearners } from './lib/k6-driver.js';

const data = JSON.parse(open('./scenarios.json'));

export const options = k6Options(data, ['browse'], __ENV);

export function setup() {
  return signUpLearners(data, ['browse']);
}

export default function (learners) {
  runScenario(data, 'browse', learners);
}
