// @ts-check
/**
 * The Node engine of the load tests: runs a scenario of scenarios.json — the same flows the k6
 * scripts run (../flows) — for N virtual users with plain fetch loops, bounded in iterations and
 * in time, against a loopback address only. `npm run bench` calls it; so does ./cli.mjs.
 *
 *   const report = await runScenario({ baseUrl, scenario: 'dashboard', vus: 50, seconds: 10, maxIterations: 5000 });
 *   report.requests['tests.list'].p95  // ms
 *
 * Each VU runs iterations back to back (with think times × thinkScale, 0 by default) until the
 * time or the iteration budget is used up; an iteration in flight then finishes. Each VU has its
 * own cookie jar, emptied before each iteration as k6 does. Scenarios with learners sign them up
 * first (vus × learnersPerVu, through POST /api/auth/signup) unless `learners` are given: the
 * gateway's AUTH_RATE_LIMIT must allow that, and for `attempt` every learner has
 * FREE_TEST_COUNT × ATTEMPTS_PER_TEST attempts (catalog-service), after which its VU moves to its
 * next learner, then fails its iterations.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CookieJar } from 'tough-cookie';
import { flowContext } from '../flows/context.js';
import { request } from '../flows/effects.js';
import { flows } from '../flows/index.js';
import { learnerCount, newLearner } from '../flows/learners.js';
import { ITERATION_CHECK, statusCheckLabel, wireRequest } from '../flows/requests.js';

const LIMITS = { vus: 1000, seconds: 3600, maxIterations: 1_000_000 };

/** scenarios.json, parsed. */
export const loadScenarios = () => JSON.parse(readFileSync(new URL('../scenarios.json', import.meta.url), 'utf8'));

/** Loopback only: this engine is for the machine it runs on, never someone else's server. */
export function assertLoopback(baseUrl) {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  if (host !== 'localhost' && host !== '::1' && !/^127\.\d+\.\d+\.\d+$/.test(host)) throw new Error(`the load-test engine only targets loopback addresses, not ${host}`);
}

function bounded(name, value, max) {
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number in (0, ${max}], not ${value}`);
  return value;
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const round = (ms) => Math.round(ms * 10) / 10;

/** One request on the wire with the VU's cookies; the answer as flows read it. */
async function send(jar, wire) {
  const headers = { ...wire.headers };
  const cookies = await jar.getCookieString(wire.url);
  if (cookies) headers.Cookie = cookies;
  const started = performance.now();
  try {
    const response = await fetch(wire.url, { method: wire.method, headers, body: wire.body ?? undefined, redirect: 'manual' });
    const body = await response.text();
    const ms = performance.now() - started;
    for (const cookie of response.headers.getSetCookie()) await jar.setCookie(cookie, wire.url, { ignoreError: true });
    return { status: response.status, body, ms, error: '', json: () => JSON.parse(body) };
  } catch (error) {
    return { status: 0, body: '', ms: performance.now() - started, error: error instanceof Error ? error.message : String(error), json: () => { throw new Error('no answer'); } };
  }
}

/** What a run measured: latencies per request name, checks, iterations. */
class Tally {
  /** @type {Map<string, { ms: number[], failed: number, statuses: Record<string, number> }>} */
  requests = new Map();
  /** @type {Record<string, { passed: number, failed: number }>} */
  checks = {};
  iterations = { completed: 0, failed: 0, errors: /** @type {string[]} */ ([]) };

  request(name, expect, answer) {
    const entry = this.requests.get(name) ?? { ms: [], failed: 0, statuses: {} };
    this.requests.set(name, entry);
    entry.statuses[answer.status] = (entry.statuses[answer.status] ?? 0) + 1;
    if (!expect.includes(answer.status)) entry.failed += 1;
    if (!answer.error) entry.ms.push(answer.ms);
  }

  check(label, ok) {
    const entry = (this.checks[label] ??= { passed: 0, failed: 0 });
    entry[ok ? 'passed' : 'failed'] += 1;
  }

  iterationFailed(error) {
    this.iterations.failed += 1;
    if (this.iterations.errors.length < 5) this.iterations.errors.push(error instanceof Error ? error.message : String(error));
  }

  report(seconds) {
    /** @type {Record<string, { count: number, failed: number, statuses: Record<string, number>, rps: number, p50: number, p95: number, p99: number, max: number }>} */
    const requests = {};
    for (const [name, entry] of this.requests) {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      const count = Object.values(entry.statuses).reduce((a, b) => a + b, 0);
      requests[name] = {
        count,
        failed: entry.failed,
        statuses: entry.statuses,
        rps: Math.round((count / seconds) * 10) / 10,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? NaN),
      };
    }
    return { requests, checks: this.checks, iterations: this.iterations };
  }
}

function verify(tally, wire, effect, answer) {
  tally.request(wire.name, wire.expect, answer);
  const ok = wire.expect.includes(answer.status);
  tally.check(statusCheckLabel(wire.name, wire.expect), ok);
  for (const [label, holds] of Object.entries(effect.checks ?? {})) {
    let passed = false;
    try {
      passed = ok && holds(answer) === true;
    } catch {
      passed = false;
    }
    tally.check(`${wire.name}: ${label}`, passed);
  }
}

/**
 * Signs up `count` learners through POST /api/auth/signup, `parallel` at a time.
 * @returns {Promise<{ email: string, mobileNumber: string, password: string }[]>}
 */
export async function signUpLearners({ baseUrl, count, data = loadScenarios(), parallel = 10 }) {
  assertLoopback(baseUrl);
  const runId = crypto.randomUUID().slice(0, 8);
  const password = `Lt-${crypto.randomUUID()}`;
  const learners = Array.from({ length: count }, (_, i) => newLearner(runId, i, password));
  for (let first = 0; first < count; first += parallel) {
    await Promise.all(
      learners.slice(first, first + parallel).map(async (learner) => {
        const wire = wireRequest(data, baseUrl, request('auth.signup', { body: learner }));
        const answer = await send(new CookieJar(), wire);
        if (answer.status !== 201) throw new Error(`sign-up of ${learner.email} answered ${answer.status || answer.error}: ${answer.body.slice(0, 200)}`);
      }),
    );
  }
  return learners;
}

/**
 * Runs `scenario` for `vus` virtual users until `seconds` have passed or `maxIterations`
 * iterations have started.
 * @param {{ baseUrl: string, scenario: string, vus: number, seconds: number, maxIterations: number, thinkScale?: number,
 *   learnersPerVu?: number, learners?: { email: string, mobileNumber: string, password: string }[], data?: any }} run
 */
export async function runScenario({ baseUrl, scenario, vus, seconds, maxIterations, thinkScale = 0, learnersPerVu = 1, learners, data = loadScenarios() }) {
  assertLoopback(baseUrl);
  bounded('vus', vus, LIMITS.vus);
  bounded('seconds', seconds, LIMITS.seconds);
  bounded('maxIterations', maxIterations, LIMITS.maxIterations);
  const flow = flows[scenario];
  if (!flow || !data.scenarios[scenario]) throw new Error(`no scenario "${scenario}" (${Object.keys(flows).join(', ')})`);
  const pool = learners ?? (data.scenarios[scenario].learners ? await signUpLearners({ baseUrl, count: learnerCount(vus, learnersPerVu), data }) : []);

  const tally = new Tally();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let iterationsStarted = 0;

  async function perform(jar, effect) {
    if (effect.kind === 'pause') {
      if (effect.seconds > 0) await new Promise((resolve) => setTimeout(resolve, effect.seconds * 1000));
      return undefined;
    }
    const effects = effect.kind === 'batch' ? effect.requests : [effect];
    const wires = effects.map((e) => wireRequest(data, baseUrl, e, e.session?.token));
    const answers = await Promise.all(wires.map((wire) => send(jar, wire)));
    wires.forEach((wire, i) => verify(tally, wire, effects[i], answers[i]));
    return effect.kind === 'batch' ? answers : answers[0];
  }

  async function virtualUser(vuId) {
    const state = {};
    while (performance.now() < deadline && iterationsStarted < maxIterations) {
      iterationsStarted += 1;
      const jar = new CookieJar();
      const steps = flow(flowContext({ data, pool, vuId, vusInTest: vus, vu: state, thinkScale }));
      try {
        let step = steps.next();
        while (!step.done) step = steps.next(await perform(jar, step.value));
        tally.check(ITERATION_CHECK, true);
        tally.iterations.completed += 1;
      } catch (error) {
        tally.check(ITERATION_CHECK, false);
        tally.iterationFailed(error);
      }
    }
  }

  await Promise.all(Array.from({ length: vus }, (_, i) => virtualUser(i + 1)));
  const elapsed = (performance.now() - started) / 1000;
  return { scenario, vus, seconds: Math.round(elapsed * 10) / 10, thinkScale, ...tally.report(elapsed) };
}
