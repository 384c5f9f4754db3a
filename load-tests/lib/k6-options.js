// From scenarios.json and the run's environment to k6's `options`. Pure (no k6 import), so the
// Node side can test it too.

const DEFAULT_BASE_URL = 'http://localhost:3000';

function positive(env, key, fallback, integer) {
  if (env[key] === undefined || env[key] === '') return fallback;
  const value = Number(env[key]);
  if (!(value >= 0) || (integer && !Number.isInteger(value))) throw new Error(`${key} must be a ${integer ? 'whole ' : ''}number ≥ 0, not "${env[key]}"`);
  return value;
}

/** The run's settings: BASE_URL, PROFILE, VUS, THINK_SCALE, LEARNERS_PER_VU (docs/performance.md#running-them). */
export function runSettings(data, env) {
  const profile = env.PROFILE || data.defaults.profile;
  if (!data.profiles[profile]) throw new Error(`PROFILE must be one of ${Object.keys(data.profiles).join(', ')}, not "${profile}"`);
  return {
    baseUrl: (env.BASE_URL || DEFAULT_BASE_URL).replace(/\/$/, ''),
    profile,
    vus: Math.max(1, positive(env, 'VUS', data.defaults.vus, true)),
    thinkScale: positive(env, 'THINK_SCALE', data.defaults.thinkScale, false),
    learnersPerVu: Math.max(1, positive(env, 'LEARNERS_PER_VU', data.defaults.learnersPerVu, true)),
  };
}

/** Peak VUs of each scenario: all of VUS for one scenario, shares of it by `mix` for several. */
export function scenarioVus(data, names, settings) {
  const out = {};
  for (const name of names) {
    if (!data.scenarios[name]) throw new Error(`scenarios.json has no scenario "${name}"`);
    const profile = data.profiles[settings.profile];
    if (profile.kind === 'iterations') out[name] = profile.vus;
    else out[name] = names.length === 1 ? settings.vus : Math.max(1, Math.round(settings.vus * data.mix[name]));
  }
  return out;
}

/** Every VU the test can have at once (k6 numbers them 1..this across scenarios). */
export const vusInTest = (data, names, settings) => Object.values(scenarioVus(data, names, settings)).reduce((a, b) => a + b, 0);

function executor(profile, vus) {
  if (profile.kind === 'iterations') return { executor: 'per-vu-iterations', vus, iterations: profile.iterationsPerVu, maxDuration: '10m' };
  if (profile.kind === 'stages') {
    return {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: profile.stages.map((s) => ({ duration: `${s.seconds}s`, target: Math.round(s.vus * vus) })),
      gracefulRampDown: '30s',
    };
  }
  throw new Error(`unknown profile kind "${profile.kind}"`);
}

/**
 * k6 options for a script running `names` (each scenario's function is exported under
 * `execOf(name)`): one k6 scenario each, the thresholds of the requests they send, and a setup
 * timeout that leaves time to sign up every learner.
 */
export function k6Options(data, names, env, execOf = () => 'default') {
  const settings = runSettings(data, env);
  const vus = scenarioVus(data, names, settings);
  const scenarios = {};
  for (const name of names) scenarios[name] = { ...executor(data.profiles[settings.profile], vus[name]), exec: execOf(name) };
  const { failedRequestsBelow, checksAbove, p95Ms } = data.thresholds;
  const thresholds = { http_req_failed: [`rate<${failedRequestsBelow}`], checks: [`rate>${checksAbove}`] };
  const sent = new Set(names.flatMap((name) => data.scenarios[name].requests));
  for (const request of sent) {
    if (p95Ms[request] === undefined) throw new Error(`scenarios.json has no p95 threshold for "${request}"`);
    thresholds[`http_req_duration{name:${request}}`] = [`p(95)<${p95Ms[request]}`];
  }
  const learners = names.some((name) => data.scenarios[name].learners) ? vusInTest(data, names, settings) * settings.learnersPerVu : 0;
  return {
    scenarios,
    thresholds,
    setupTimeout: `${60 + learners * 2}s`,
    summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  };
}
