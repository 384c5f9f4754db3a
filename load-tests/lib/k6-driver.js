// Runs the flows of ../flows with k6: each yielded request is an http.request (or http.batch)
// tagged with its name from scenarios.json, marked expected by its `expect` statuses
// (responseCallback, so http_req_failed counts only what the scenario did not expect) and
// checked; each pause is a sleep. setup() signs the run's learners up through the real API.
import { check, fail, group, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { request } from '../flows/effects.js';
import { flows } from '../flows/index.js';
import { flowContext } from '../flows/context.js';
import { learnerCount, newLearner } from '../flows/learners.js';
import { ITERATION_CHECK, statusCheckLabel, wireRequest } from '../flows/requests.js';
import { runSettings, vusInTest } from './k6-options.js';

/** Sign-ups sent at once in setup(). */
const SIGN_UP_BATCH = 10;

// One responseCallback per request name, made once (k6's advice for per-request callbacks).
const callbacks = {};
function params(wire) {
  const key = wire.expect.join(',');
  if (!callbacks[key]) callbacks[key] = http.expectedStatuses.apply(null, wire.expect);
  return { headers: wire.headers, tags: { name: wire.name }, responseCallback: callbacks[key] };
}

function holds(fn, response) {
  try {
    return fn(response) === true;
  } catch {
    return false;
  }
}

/** The status check, then the flow's own checks (which only count as passed on an expected status). */
function verify(wire, effect, response) {
  const ok = wire.expect.indexOf(response.status) >= 0;
  const checks = {};
  checks[statusCheckLabel(wire.name, wire.expect)] = () => ok;
  const own = effect.checks || {};
  for (const label of Object.keys(own)) checks[`${wire.name}: ${label}`] = (r) => ok && holds(own[label], r);
  check(response, checks, { name: wire.name });
}

const wireOf = (data, settings, effect) => wireRequest(data, settings.baseUrl, effect, effect.session ? effect.session.token : undefined);

function perform(data, settings, effect) {
  const run = () => {
    if (effect.kind === 'pause') {
      if (effect.seconds > 0) sleep(effect.seconds);
      return undefined;
    }
    if (effect.kind === 'request') {
      const wire = wireOf(data, settings, effect);
      const response = http.request(wire.method, wire.url, wire.body, params(wire));
      verify(wire, effect, response);
      return response;
    }
    if (effect.kind === 'batch') {
      const wires = effect.requests.map((r) => wireOf(data, settings, r));
      const responses = http.batch(wires.map((w) => [w.method, w.url, w.body, params(w)]));
      wires.forEach((w, i) => verify(w, effect.requests[i], responses[i]));
      return responses;
    }
    throw new Error(`unknown effect ${JSON.stringify(effect)}`);
  };
  return effect.group ? group(effect.group, run) : run();
}

// Per VU (k6 runs each VU in its own JS runtime): what a flow keeps between iterations.
const vuState = { learnerCursor: 0 };

/**
 * One iteration of scenario `name`. An error the flow throws is recorded as a failed
 * "iteration completed" check (so the checks threshold fails the run) and rethrown for k6 to log.
 */
export function runScenario(data, name, setupData) {
  const settings = runSettings(data, __ENV);
  const ctx = flowContext({ data, pool: setupData.learners, vuId: exec.vu.idInTest, vusInTest: setupData.vusInTest, vu: vuState, thinkScale: settings.thinkScale });
  const steps = flows[name](ctx);
  const completed = {};
  try {
    let step = steps.next();
    while (!step.done) step = steps.next(perform(data, settings, step.value));
    completed[ITERATION_CHECK] = () => true;
    check(null, completed, { scenario_flow: name });
  } catch (error) {
    completed[ITERATION_CHECK] = () => false;
    check(null, completed, { scenario_flow: name });
    throw error;
  }
}

/**
 * setup(): signs up every learner the run needs through POST /api/auth/signup (SIGN_UP_BATCH at
 * a time), so each VU owns LEARNERS_PER_VU of them. A refused sign-up stops the run: raise
 * AUTH_RATE_LIMIT for a run that signs up many (docs/performance.md#what-an-operator-configures-for-a-load-test).
 */
export function signUpLearners(data, names) {
  const settings = runSettings(data, __ENV);
  const vus = vusInTest(data, names, settings);
  if (!names.some((name) => data.scenarios[name].learners)) return { learners: [], vusInTest: vus };
  const runId = crypto.randomUUID().slice(0, 8);
  const password = `Lt-${crypto.randomUUID()}`;
  const count = learnerCount(vus, settings.learnersPerVu);
  const learners = [];
  for (let first = 0; first < count; first += SIGN_UP_BATCH) {
    const chunk = [];
    for (let i = first; i < Math.min(count, first + SIGN_UP_BATCH); i++) chunk.push(newLearner(runId, i, password));
    const wires = chunk.map((learner) => wireRequest(data, settings.baseUrl, request('auth.signup', { body: learner })));
    const responses = http.batch(wires.map((w) => [w.method, w.url, w.body, params(w)]));
    responses.forEach((response, i) => {
      if (response.status !== 201) fail(`sign-up of ${chunk[i].email} answered ${response.status}: ${String(response.body).slice(0, 200)}`);
    });
    learners.push.apply(learners, chunk);
  }
  return { learners, vusInTest: vus };
}
