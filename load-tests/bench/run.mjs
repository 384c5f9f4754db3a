#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench [-- --full] [-- --soak]`: how fast Fluent answers on this machine, and whether
 * that holds as data grows. Writes bench/REPORT.md. Every throughput figure stands beside a bare
 * Node `http` server answering the same bytes in the same run, at the same concurrency: this
 * machine is shared and noisy, so only ratios measured together mean something.
 *
 * 1. The hot path: GET /api/config, /api/me, /api/tests, /api/attempts for 50 signed-in learners
 *    (their caches warm, as in steady use) at 10, 50, 200 connections (--full; 64 otherwise).
 * 2. Data at scale: with the services' learner caches off (every request reads the database),
 *    the dashboard's reads, a result by id, a page view, a payment intent and a blog read as the
 *    stored attempts grow from 1,000 to 10,000 (and 100,000 across 5,000 learners with --full);
 *    then storing attempts at the largest size.
 * 3. The load-test scenarios of load-tests/scenarios.json (the k6 scripts' data) through the Node
 *    engine, at 10 virtual users (and 50 and 200 with --full).
 * 4. A soak (--full or --soak): 5 minutes at 64 connections; memory and logs before and after.
 *
 * `--chaos` runs the resilience run instead (chaos.mjs): processes killed under load, the section
 * "Resilience" of bench/REPORT.md; the rest of the report is kept, as this run keeps that section.
 *
 * `--hot` runs section 1 alone and prints it (bench/REPORT.md is left as it is): for profiling work;
 * `--scale` likewise section 2 (with --full: up to 100,000 attempts).
 *
 * The stack is the test profile (reused if running, else started and stopped). The API is served
 * by a gateway of its own in production mode whose limits are raised by configuration, the way an
 * operator lets a load test through; nothing is bypassed. Bounded in count and time; loopback only.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fork, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { MongoClient, ObjectId } from 'mongodb';
import { runScenario } from '../engine/run-scenario.mjs';
import { ensureSystemPackages } from '../../tools/bootstrap/system-packages.mjs';
import { loadDotEnv } from '../../tools/env.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { postgresUrl } from '../../tools/stack/postgres.mjs';
import { metricsUrls } from '../../tools/stack/profiles.mjs';
import { log } from '../../tools/stack/run.mjs';
import { busyShare, HEADROOM, judgeCeiling, SATURATED, wantedNs } from './ceiling.mjs';
import { RESILIENCE_HEADING, sectionOf } from './chaos/tally.mjs';
import { startProductionGateway } from './production-gateway.mjs';
import { wrkFigures, wrkScript } from './wrk-script.mjs';
import { readState } from '../../tools/stack/supervisor.mjs';

loadDotEnv();
if (process.argv.includes('--chaos')) {
  await import('./chaos.mjs');
  process.exit(0);
}
// wrk, section 1's load generator, is a Debian package: installed (or asked for) before anything runs.
await ensureSystemPackages('bench');
// autocannon's own histogram library, for a p95 from every answer without a per-response callback.
const hdr = createRequire(import.meta.resolve('autocannon'))('hdr-histogram-js');
const full = process.argv.includes('--full');
const soak = full || process.argv.includes('--soak');
const hotOnly = process.argv.includes('--hot');
const scaleOnly = process.argv.includes('--scale');
const argValue = (/** @type {string} */ name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
/** --baseline=a/main.js,b/main.js (with --hot): other gateway builds, measured in the same turns. */
const BASELINES = argValue('baseline')?.split(',') ?? [];
/** --routes=/api/config,/api/me: section 1 on these routes only (profiling work). */
const ROUTES = argValue('routes')?.split(',');
const SIZES = full ? [1_000, 10_000, 100_000] : [1_000, 10_000];
const SEEDED_LEARNERS = full ? 5_000 : 500;
const CONNECTIONS = full ? [10, 50, 200] : [64];
const GOAL_CONNECTIONS = 64;
/** Section 2 measures the cost of a request as data grows, not queueing: a few connections at a time. */
const SCALE_CONNECTIONS = 10;
const SCENARIO_VUS = full ? [10, 50, 200] : [10];
const DURATION_S = full ? 10 : 5;
/** Section 1: each of the three turns of bare Node and the gateway. */
const TURN_S = full ? 4 : 3;
/** Section 1: turns of bare Node and the gateway (--turns=N; the medians are shown). */
const TURNS = Number(process.argv.find((arg) => arg.startsWith('--turns='))?.slice(8) ?? 3);
const SOAK_S = 300;
const HOT_LEARNERS = 50;
const PASSWORD = 'Bench-password-1';
const RAISED = String(1e9);

const stack = await import('../../tools/stack/index.mjs');
const profile = stack.getProfile('test');
const stackUrl = `http://127.0.0.1:${profile.ports.gateway}`;
/** @type {() => Promise<void>} */
let stopStack = async () => undefined;
let startedStack = false;
if (!(await fetch(`${stackUrl}/api/health/live`).then((r) => r.ok, () => false))) {
  await stack.up(profile, { apps: true });
  startedStack = true;
  stopStack = () => stack.down(profile);
}

const logBytes = () => readdirSync(profile.logDir).reduce((sum, name) => sum + statSync(join(profile.logDir, name)).size, 0);
/** Resident memory (MiB) of every process the stack started, and of the bench's gateway. */
function residentMemory(extra = {}) {
  /** @type {Record<string, number>} */
  const rss = {};
  const pids = { ...Object.fromEntries(Object.entries(readState(profile)).map(([name, running]) => [name, running.pid])), ...extra };
  for (const [name, pid] of Object.entries(pids)) {
    try {
      // The stack's processes run under a small supervisor (restart-on-crash.mjs): count the one it runs, its child.
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      const supervised = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('restart-on-crash.mjs');
      const ids = supervised && children.length ? children : [pid];
      rss[name] = Math.round(ids.reduce((sum, id) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0), 0) / 1024);
    } catch {
      /* exited */
    }
  }
  return rss;
}

/**
 * After a bulk insert, what a database in steady use already has: fresh planner statistics and
 * GIN pending lists merged (VACUUM ANALYZE on FerretDB's PostgreSQL). Otherwise the first rows
 * measured after seeding race the autovacuum that the insert set off, and measure it.
 */
async function settleDatabase() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl(profile), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A practice card as catalog-service stores it (a mistyped word: no bank content), half of them
 * due (overdue by up to two days), half due in up to 48 days, a tenth learnt.
 * @param {string} uid @param {number} n
 */
function practiceCardOf(uid, n) {
  const due = new Date(Date.now() + (n % 2 === 0 ? -1 : 1) * (n % 48) * 3_600_000 * (n % 2 === 0 ? 1 : 24));
  const card = { key: `typed:w${n}`, kind: 'mistyped-words', skill: 'grammar', attemptId: 'seeded', testId: 1, premium: false, word: `w${n}`, typed: `x${n}` };
  const schedule = { due: due.toISOString(), stability: 0, difficulty: 0, scheduledDays: 0, learningSteps: 0, reps: 0, lapses: 0, state: 'new', lastReview: null };
  return { uid, key: card.key, kind: card.kind, skill: card.skill, testId: 1, attemptId: 'seeded', premium: false, learnt: n % 10 === 3, dueAt: due, schedule, cardJson: JSON.stringify(card), createdAt: new Date(), seededBy: run };
}

/**
 * Deletes the documents this run seeded, 10,000 at a time: FerretDB v1 turns one deleteMany into
 * a statement with a parameter per document, and PostgreSQL takes at most 65,535.
 * @param {import('mongodb').Collection} collection @param {string} run
 */
async function deleteSeeded(collection, run) {
  for (;;) {
    const ids = (await collection.find({ seededBy: run }, { projection: { _id: 1 } }).limit(10_000).toArray()).map((d) => d._id);
    if (ids.length === 0) return;
    await collection.deleteMany({ _id: { $in: ids } });
  }
}

/** V8 heap in use (MiB) of the bench's gateway and the stack's services, from their Prometheus metrics. */
async function heapInUse() {
  /** @type {Record<string, number>} */
  const heap = {};
  const { gateway: _idle, ...services } = metricsUrls(profile);
  for (const [app, url] of Object.entries({ 'bench gateway': `http://127.0.0.1:${BENCH_GATEWAY_METRICS}/metrics`, ...services })) {
    const text = await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '');
    const used = /^fluent_nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1];
    if (used) heap[app] = Math.round(Number(used) / 1024 / 1024);
  }
  return heap;
}

const memorySample = async () => ({ rss: residentMemory({ 'bench gateway': gateway.pid }), heap: await heapInUse() });

/** @param {string} url @param {RequestInit} [init] */
async function call(url, init = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * `call`, again after a 503 (up to 5 times, 2 s apart): on this shared machine Keycloak, hashing
 * passwords for other stacks too, can miss the gateway's deadline for a sign-up or sign-in.
 * @param {string} url @param {RequestInit} init
 */
async function callPatiently(url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(url, init);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes(': 503 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/**
 * Learners signed up through the real API, with access tokens kept fresh (they live 5 minutes):
 * `token(i)` is always a valid one.
 */
async function signUpLearners(base, count, prefix) {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  const tokens = [];
  const logIn = (/** @type {string} */ email) => callPatiently(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
  // A sign-up answered 503 may still have gone through: its retry then meets the account (409, or
  // Keycloak's 400 for a user it half created); signing in then tells whether it exists.
  const signUp = (/** @type {string} */ email) =>
    callPatiently(`${base}/api/auth/signup`, { method: 'POST', body: JSON.stringify({ email, mobileNumber: '0123456789', password: PASSWORD }) }).catch((error) =>
      /: 409 |Could not create user/.test(String(error)) ? logIn(email) : Promise.reject(error),
    );
  for (let i = 0; i < count; i += 10) {
    const batch = emails.slice(i, i + 10);
    tokens.push(...(await Promise.all(batch.map(async (email) => (await signUp(email)).accessToken))));
  }
  const refresh = async () => {
    for (let i = 0; i < count; i += 10) {
      const fresh = await Promise.all(emails.slice(i, i + 10).map(async (email) => (await logIn(email)).accessToken));
      fresh.forEach((token, k) => (tokens[i + k] = token));
    }
  };
  const timer = setInterval(() => void refresh().catch((error) => log('bench', `token refresh failed: ${String(error)}`)), 4 * 60_000);
  return { count, token: (/** @type {number} */ i) => tokens[i % count], stop: () => clearInterval(timer) };
}

/** A bare Node server answering every request with these bytes, in a process of its own: the ceiling of this machine. */
async function ceilingServer(body, contentType) {
  const child = fork(join(ROOT, 'load-tests', 'bench', 'bare-server.mjs'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (/** @type {{ port: number }} */ message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.send({ body, contentType });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: /** @type {number} */ (child.pid),
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.disconnect()))),
  };
}

/** What the main thread of `pid` has wanted of a CPU so far (ns; see ceiling.mjs), if readable. @param {number} pid */
function wantedSoFar(pid) {
  try {
    return wantedNs(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Past this, a run carries its tokens in a per-request hook: tokens live 5 minutes (the soak). */
const LIST_TOKENS_UP_TO_S = 120;

/**
 * autocannon for `seconds` at `connections`; with `learners`, requests carry the learners' tokens
 * in turn, so the load spreads over them like real traffic. The requests are built once, before
 * the run (autocannon's request list, no per-request JavaScript). Only a run longer than a token lives
 * (the soak, which gives no ratio) takes each token as it goes. p95 comes from autocannon's own
 * histogram of every 2xx answer (whole ms, rounded down). Sections 2 and 4 (section 1 loads with wrk).
 * @param {{ url: string, connections: number, seconds?: number, learners?: { count: number, token: (i: number) => string }, method?: string, body?: string }} options
 */
async function load({ url, connections, seconds = DURATION_S, learners, method = 'GET', body }) {
  const headers = body ? { 'content-type': 'application/json' } : {};
  let next = 0;
  /** @type {any[] | undefined} */
  let requests;
  if (learners && seconds > LIST_TOKENS_UP_TO_S) {
    requests = [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${learners.token(next++)}` } }) }];
  } else if (learners) {
    requests = Array.from({ length: learners.count }, (_, i) => ({ method, body, headers: { ...headers, authorization: `Bearer ${learners.token(i)}` } }));
  }
  const latencies = hdr.build({ useWebAssembly: true, bitBucketSize: 64, autoResize: true, lowestDiscernibleValue: 1, highestTrackableValue: 10000, numberOfSignificantValueDigits: 5 });
  // autocannon frees its histograms when it finishes: this one is read first, then freed here.
  const free = latencies.destroy.bind(latencies);
  latencies.destroy = () => undefined;
  const result = await autocannon({ url, connections, duration: seconds, method: /** @type {any} */ (method), body, headers, requests, histograms: { latencies } });
  const p95 = latencies.totalCount > 0 ? latencies.getValueAtPercentile(95) : NaN;
  free();
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95,
    p97: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** What each thread of `pid` has wanted of a CPU so far (ns by thread id; see ceiling.mjs). @param {number} pid */
function wantedByThread(pid) {
  /** @type {Map<string, number>} */
  const threads = new Map();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const wanted = wantedNs(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8'));
      if (wanted !== undefined) threads.set(tid, wanted);
    }
  } catch {
    /* exited */
  }
  return threads;
}

/** wrk's threads: section 1's generator, one per core of this machine (it is C: far less CPU per request than autocannon). */
const WRK_THREADS = Math.max(1, Math.min(2, cpus().length));

/**
 * Section 1's load: wrk for `seconds` at `connections`, its requests built before the run (the
 * learners' tokens in turn; wrk-script.mjs). `generatorBusy` is the busiest wrk thread's share of
 * the middle of the run (from 0.5 s in to 0.3 s before the end: wrk's figures are only readable
 * while it runs) that it wanted a CPU; `serverBusy` the same for `server`'s main thread.
 * @param {{ url: string, connections: number, seconds: number, learners?: { count: number, token: (i: number) => string }, server: number }} options
 */
async function loadWithWrk({ url, connections, seconds, learners, server }) {
  const script = join(tmpdir(), `fluent-bench-${process.pid}.lua`);
  writeFileSync(script, wrkScript({ tokens: learners ? Array.from({ length: learners.count }, (_, i) => learners.token(i)) : [] }));
  const child = spawn('wrk', [`-t${WRK_THREADS}`, `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve, reject) => (child.once('error', reject), child.once('exit', resolve)));
  const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(500);
  const before = { wall: process.hrtime.bigint(), generator: wantedByThread(/** @type {number} */ (child.pid)), server: wantedSoFar(server) };
  await pause(seconds * 1000 - 800);
  const after = { generator: wantedByThread(/** @type {number} */ (child.pid)), server: wantedSoFar(server) };
  const wallNs = Number(process.hrtime.bigint() - before.wall);
  const code = await exited;
  rmSync(script, { force: true });
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${output.slice(-500)}`);
  const threadShares = [...after.generator].map(([tid, wanted]) => busyShare(before.generator.get(tid), wanted, wallNs)).filter((share) => share !== undefined);
  return {
    ...wrkFigures(output),
    generatorBusy: threadShares.length > 0 ? Math.max(...threadShares) : undefined,
    serverBusy: busyShare(before.server, after.server, wallNs),
  };
}

/** The run with the median throughput (its latencies with it). */
function median(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

/** The `p`th percentile (nearest rank) of these times in ms, to 0.1 ms; NaN for none. @param {number[]} times @param {number} p */
function percentile(times, p) {
  if (times.length === 0) return NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

/** Latencies (ms) of `count` calls made one after another; `prepare(i)`, untimed, gives call i its input. */
async function sequential(count, once, prepare = async (/** @type {number} */ _i) => undefined) {
  const ms = [];
  for (let i = 0; i < count; i++) {
    const input = await prepare(i);
    const started = performance.now();
    await once(i, input);
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: percentile(ms, 100) };
}

/** Restarts the learner-caching services with LEARNER_CACHE_SIZE set (0: every request reads the database). */
async function restartServicesWithCache(size) {
  process.env.LEARNER_CACHE_SIZE = String(size);
  for (const name of ['catalog-service', 'auth-service']) {
    await stack.stopComponent(profile, name);
    await stack.startComponent(profile, name);
  }
  delete process.env.LEARNER_CACHE_SIZE;
  // Until both answer again, requests would find no responder.
  for (let i = 0; i < 120; i++) {
    const health = await fetch(`${stackUrl}/api/health`).then((r) => r.json(), () => undefined);
    if (health?.components?.['catalog-service'] === 'up' && health?.components?.['auth-service'] === 'up') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('catalog-service and auth-service did not come back');
}

// A gateway replica in production mode with the limits raised, as an operator would for a load test.
const BENCH_GATEWAY_METRICS = profile.ports.gateway + 62;
const BENCH_GATEWAY_ENV = {
  LOG_LEVEL: 'info',
  // Named, so a baseline build elsewhere (--baseline) serves the same web app and routes.
  WEB_DIST: join(ROOT, 'apps', 'web', 'dist'),
  METRICS_HOST: '127.0.0.1',
  API_RATE_LIMIT: RAISED,
  AUTH_RATE_LIMIT: RAISED,
  SESSION_RATE_LIMIT: RAISED,
  AUTH_ACCOUNT_FAILURE_LIMIT: RAISED,
  PAGE_VIEW_RATE_LIMIT: RAISED,
};
const gateway = await startProductionGateway(profile, profile.ports.gateway + 61, { ...BENCH_GATEWAY_ENV, METRICS_PORT: String(BENCH_GATEWAY_METRICS) });
// --baseline: other gateway builds, measured in the same turns, so a change's worth is a ratio
// taken at the same moment on this noisy machine.
/** @type {{ main: string, url: string, pid: number, stop: () => Promise<void> }[]} */
const baselines = [];
try {
  for (const [k, main] of BASELINES.entries()) {
    baselines.push({ main, ...(await startProductionGateway(profile, profile.ports.gateway + 70 + 2 * k, { ...BENCH_GATEWAY_ENV, METRICS_PORT: String(profile.ports.gateway + 71 + 2 * k) }, main)) });
  }
} catch (error) {
  for (const started of [gateway, ...baselines]) await started.stop();
  throw error;
}
const mongo = new MongoClient(`mongodb://127.0.0.1:${profile.ports.mongo}/${profile.database}`);
await mongo.connect();
const db = mongo.db();
const run = `bench-${randomUUID().slice(0, 8)}`;
const logsBefore = logBytes();
const memoryBefore = residentMemory({ 'bench gateway': gateway.pid });
const startedAt = Date.now();
const { blankTestAnswers } = await import('@fluent/contracts');
const ratio = (rps, ceiling) => `${((rps / ceiling) * 100).toFixed(1)} %`;
const share = (/** @type {number | undefined} */ busy) => (busy === undefined ? '–' : `${Math.round(busy * 100)} %`);
/** @type {string[]} */
const report = [];
let learners;

try {
  // ── 1. The hot path ─────────────────────────────────────────────────────────────────────────
  const routes = ROUTES ?? ['/api/config', '/api/me', '/api/tests', '/api/attempts'];
  // /api/config alone (profiling work) needs no learners: none are signed up.
  learners = routes.every((route) => route === '/api/config') && hotOnly ? { count: 0, token: () => '', stop: () => undefined } : await signUpLearners(gateway.url, HOT_LEARNERS, run);
  for (let i = 0; i < learners.count; i++) {
    for (const testId of [1, 2]) {
      await call(`${gateway.url}/api/tests/${testId}/attempts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${learners.token(i)}` },
        body: JSON.stringify({ submissionId: randomUUID(), answers: blankTestAnswers() }),
      });
    }
  }
  /** @typedef {Awaited<ReturnType<typeof loadWithWrk>>} Measured */
  /** @type {{ route: string, connections: number, bare: Measured, measured: Measured, others: Measured[], judged: import('./ceiling.mjs').CeilingJudgement }[]} */
  const hot = [];
  for (const connections of scaleOnly ? [] : [...new Set([...CONNECTIONS, GOAL_CONNECTIONS])].sort((a, b) => a - b)) {
    for (const route of routes) {
      const sample = await fetch(`${gateway.url}${route}`, { headers: { authorization: `Bearer ${learners.token(0)}` } });
      const ceiling = await ceilingServer(await sample.text(), sample.headers.get('content-type') ?? 'application/json');
      // The bare server gets the very requests the gateway gets (the same bytes out of the generator).
      const routeLearners = route === '/api/config' ? undefined : learners;
      // Bare and gateway in turns, three runs each, the median of each: a burst of other work on
      // this shared machine then moves one run, not the ratio.
      const bareRuns = [];
      const runs = [];
      /** @type {Measured[][]} */
      const baselineRuns = baselines.map(() => []);
      // Each turn starts one place further along, so every server takes every place in the order
      // equally often: on a contended machine the run right after a saturating one (the bare
      // server's) finds other work catching up, and would otherwise always be the same server's.
      const contenders = [
        { url: ceiling.url, pid: ceiling.pid, runs: bareRuns },
        { url: `${gateway.url}${route}`, pid: gateway.pid, runs },
        ...baselines.map((other, k) => ({ url: `${other.url}${route}`, pid: other.pid, runs: baselineRuns[k] })),
      ];
      for (let turn = 0; turn < TURNS; turn++) {
        for (let place = 0; place < contenders.length; place++) {
          const { url, pid, runs: into } = contenders[(turn + place) % contenders.length];
          into.push(await loadWithWrk({ url, connections, seconds: TURN_S, learners: routeLearners, server: pid }));
        }
      }
      await ceiling.close();
      const bare = median(bareRuns);
      const measured = { ...median(runs), errors: runs.reduce((sum, r) => sum + r.errors, 0) };
      const others = baselineRuns.map((turns) => ({ ...median(turns), errors: turns.reduce((sum, r) => sum + r.errors, 0) }));
      const judged = judgeCeiling({ bareRps: bare.rps, gatewayRps: measured.rps, generatorBusy: bare.generatorBusy });
      hot.push({ route, connections, bare, measured, others, judged });
      log('bench', `${route} @${connections}: ${measured.rps} req/s = ${judged.verdict} of ${bare.rps} (generator busy ${share(bare.generatorBusy)} on bare, ${share(measured.generatorBusy)} on the gateway; bare server busy ${share(bare.serverBusy)}, gateway ${share(measured.serverBusy)}); p50 ${measured.p50} ms, p95 ${measured.p95} ms, non-2xx ${measured.errors}${others.map((other, k) => `; baseline ${k}: ${other.rps} req/s (${ratio(other.rps, bare.rps)}), p95 ${other.p95} ms, non-2xx ${other.errors}`).join('')}`);
    }
  }
  if (!scaleOnly) {
    report.push(
      '## 1. The hot path (goal at 64 connections: /api/config ≥ 50 % of bare Node; /api/me and /api/tests ≥ 25 %; p95 < 20 ms, 0 non-2xx)',
      '',
      `${HOT_LEARNERS} learners signed up through the API, two attempts each; each request carries a learner's token, the ${HOT_LEARNERS} in turn. Their caches are warm, as in steady use: a learner's progress and user document are read from the database once, then again only after a write (section 2 measures the database path itself). Per row, bare Node and the gateway run in turns, ${TURNS} times ${TURN_S} s each, each turn starting one place further along; the medians are shown (non-2xx: all runs).`,
      '',
      `The instrument: wrk (${WRK_THREADS} threads, C; Debian's package, installed by the bootstrap), its requests (the tokens included) formatted before each run, sends the same requests to the bare server (a Node process of its own) and to the gateway. A ratio is given only when the generator had slack against the bare server: its busiest thread wanted a CPU (ran or waited for one, Linux schedstat) less than ${SATURATED * 100} % of the run; otherwise the row says "ceiling capped". Headroom is bare ÷ gateway, the generator's rate past the gateway's (${HEADROOM}× asked). Latency from every answer (wrk's histogram), ms.`,
      '',
      '| route | connections | req/s | bare Node req/s | ratio | headroom | generator busy: bare / gateway | server busy: bare / gateway | p50 | p95 | p99 | non-2xx |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...hot.map(({ route, connections, bare, measured, judged }) =>
        `| \`${route}\` | ${connections} | ${measured.rps} | ${bare.rps} | ${judged.verdict} | ${judged.headroom === undefined ? '–' : `${judged.headroom.toFixed(1)}×${judged.headroomMet ? '' : ' (under ' + HEADROOM + '×)'}`} | ${share(bare.generatorBusy)} / ${share(measured.generatorBusy)} | ${share(bare.serverBusy)} / ${share(measured.serverBusy)} | ${measured.p50} | ${measured.p95} | ${measured.p99} | ${measured.errors} |`),
      '',
    );
    for (const [k, other] of baselines.entries()) {
      report.push(
        `Baseline ${k} (${other.main}), in the same turns:`,
        '',
        '| route | connections | baseline req/s | ratio | req/s now | now ÷ baseline | baseline p95 | non-2xx |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...hot.map(({ route, connections, bare, measured, others }) => `| \`${route}\` | ${connections} | ${others[k].rps} | ${ratio(others[k].rps, bare.rps)} | ${measured.rps} | ${(measured.rps / others[k].rps).toFixed(2)} | ${others[k].p95} | ${others[k].errors} |`),
        '',
      );
    }
  }

  if (hotOnly) {
    // --hot: section 1 alone, printed; the report of a full run stays as it is.
    console.log(report.join('\n'));
  } else {
    // ── 2. Data at scale: the database path ─────────────────────────────────────────────────────
    await restartServicesWithCache(0);
    const figures = { wpm: 40, accuracy: 95, sections: { sentences: { correct: 5, total: 10 }, fills: { correct: 5, total: 10 }, jumbled: { correct: 5, total: 15 } }, total: { correct: 15, total: 35 } };
    const attemptOf = await call(`${gateway.url}/api/attempts`, { headers: { authorization: `Bearer ${learners.token(0)}` } });
    const attemptId = attemptOf.attempts[0].attemptId;
    // Seeded details are copies of a real one (the answers, score and questions as catalog-service stores them).
    const real = await db.collection('attemptDetails').findOne({ _id: new ObjectId(attemptId) });
    if (!real) throw new Error(`no stored detail for ${attemptId}`);
    const { answersJson, scoreJson, questionsJson } = real;
    const post = (await call(`${gateway.url}/api/blog`)).posts?.[0]?.slug ?? 'typing-speed';
    /** @type {Record<string, Record<number, { p50: number, p95: number, rps: number, errors: number }>>} */
    const scale = {};
    let seeded = 0;
    const payer = await signUpLearners(gateway.url, 1, `${run}-payer`);
    for (const size of SIZES) {
      while (seeded < size) {
        const batch = Math.min(5_000, size - seeded);
        const ids = Array.from({ length: batch }, () => new ObjectId());
        const rowOf = (k) => ({ uid: `${run}-${(seeded + k) % SEEDED_LEARNERS}`, testId: (Math.floor((seeded + k) / SEEDED_LEARNERS) % 20) + 1, submittedAt: new Date(Date.now() - (seeded + k) * 1000), seededBy: run });
        await db.collection('attempts').insertMany(ids.map((_id, k) => ({ _id, ...rowOf(k), slot: 1, submissionId: randomUUID(), figures })), { ordered: false });
        await db.collection('attemptDetails').insertMany(ids.map((_id, k) => ({ _id, ...rowOf(k), answersJson, scoreJson, questionsJson })), { ordered: false });
        // As many payment records and page views, so their reads are measured at size too.
        await db.collection('succeeded_payments').insertMany(ids.map((_id, k) => ({ _id: `pi_${run}_${seeded + k}`, uid: `${run}-${seeded + k}`, amount: 4999, currency: 'usd', eventId: `evt_${run}_${seeded + k}`, succeededAt: new Date().toISOString(), recordedAt: new Date(), seededBy: run })), { ordered: false });
        await db.collection('pageViews').insertMany(ids.map((_id, k) => ({ _id: `${run}-${seeded + k}`, path: `/blog/${(seeded + k) % 50}`, day: new Date(Date.now() - ((seeded + k) % 365) * 86_400_000).toISOString().slice(0, 10), seededBy: run })), { ordered: false });
        await db.collection('practiceCards').insertMany(ids.map((_id, k) => practiceCardOf(`${run}-${(seeded + k) % SEEDED_LEARNERS}`, seeded + k)), { ordered: false });
        seeded += batch;
      }
      log('bench', `${seeded} attempts (and as many payment records, page views and practice cards) stored, by ${SEEDED_LEARNERS} synthetic learners`);
      await settleDatabase();
      const measure = async (name, options) => {
        const measured = await load({ connections: SCALE_CONNECTIONS, ...options });
        (scale[name] ??= {})[size] = measured;
        log('bench', `${name} @${size}: p50 ${measured.p50} ms, p95 ${measured.p95} ms, ${measured.rps} req/s, non-2xx ${measured.errors}`);
      };
      await measure('GET /api/tests', { url: `${gateway.url}/api/tests`, learners });
      await measure('GET /api/attempts', { url: `${gateway.url}/api/attempts`, learners });
      await measure('GET /api/attempts/:id', { url: `${gateway.url}/api/attempts/${attemptId}`, learners: { count: 1, token: () => learners.token(0) } });
      await measure('GET /api/me', { url: `${gateway.url}/api/me`, learners });
      // The measured learners' own cards come from their attempts (blank items are missed items), among the seeded ones.
      await measure('GET /api/practice/cards', { url: `${gateway.url}/api/practice/cards?limit=10`, learners });
      await measure('POST /api/analytics/page-view', { url: `${gateway.url}/api/analytics/page-view`, method: 'POST', body: JSON.stringify({ path: '/blog' }) });
      await measure('POST /api/create-payment-intent', { url: `${gateway.url}/api/create-payment-intent`, method: 'POST', body: JSON.stringify({ amount: 4999 }), learners: payer });
      await measure(`GET /api/blog/${post}`, { url: `${gateway.url}/api/blog/${post}` });
    }
    // Storing attempts at the largest size: new learners, one submission after another.
    const writers = await signUpLearners(gateway.url, 10, `${run}-writer`);
    const stored = await sequential(30, (i) =>
      call(`${gateway.url}/api/tests/${(i % 3) + 1}/attempts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writers.token(Math.floor(i / 3))}` },
        body: JSON.stringify({ submissionId: randomUUID(), answers: blankTestAnswers() }),
      }),
    );
    writers.stop();
    // Reviewing a practice card at the largest size: a measured learner's most overdue card answered
    // wrong, one after another (the queue read that finds it is not timed). A review writes the card,
    // a new mark and the learner's queue view, rebuilt from their unlearnt cards (issue 47).
    const headersOf = (i) => ({ authorization: `Bearer ${learners.token(i % learners.count)}` });
    const reviewed = await sequential(
      30,
      (i, card) => call(`${gateway.url}/api/practice/cards/${card.id}/review`, { method: 'POST', headers: headersOf(i), body: JSON.stringify({ answer: 'not the answer', elapsedMs: 5_000 }) }),
      async (i) => {
        const [card] = (await call(`${gateway.url}/api/practice/cards?limit=1`, { headers: headersOf(i) })).cards;
        if (!card) throw new Error(`measured learner ${i % learners.count} has no due practice card`);
        return card;
      },
    );
    payer.stop();
    await restartServicesWithCache(10_000);
    const first = SIZES[0];
    const last = SIZES[SIZES.length - 1];
    report.push(
      `## 2. Data at scale (goal: dashboard reads and the practice queue p95 < 50 ms with ${(100_000).toLocaleString('en')} attempts and as many practice cards, p50 no more than 2× that at 1,000; a result and storing an attempt < 100 ms p95)`,
      '',
      `The learner caches are off here (LEARNER_CACHE_SIZE=0): every request reads the database, so this is the cost of a cache miss at each size. Attempts, payment records, page views and practice cards (one each per attempt) are seeded through the database by ${SEEDED_LEARNERS.toLocaleString('en')} synthetic learners; the measured learners (${HOT_LEARNERS} real ones, two attempts each) are among them. ${SCALE_CONNECTIONS} connections (section 1 loads 64; on 2 cores shared with the load generator, the database and every service, a request's latency here includes waiting its turn), ${DURATION_S} s per row; latency in ms, p50 / p95.`,
      '',
      `| request | ${SIZES.map((s) => `${s.toLocaleString('en')} stored`).join(' | ')} | p50 ratio ${last.toLocaleString('en')} / ${first.toLocaleString('en')} | non-2xx |`,
      `| --- | ${SIZES.map(() => '---:').join(' | ')} | ---: | ---: |`,
      ...Object.entries(scale).map(([name, bySize]) => {
        const cells = SIZES.map((s) => `${bySize[s].p50} / ${bySize[s].p95} (${bySize[s].rps} req/s)`);
        const errors = SIZES.reduce((sum, s) => sum + bySize[s].errors, 0);
        return `| \`${name}\` | ${cells.join(' | ')} | ${(bySize[last].p50 / Math.max(bySize[first].p50, 1)).toFixed(2)} | ${errors} |`;
      }),
      '',
      `Storing an attempt at ${last.toLocaleString('en')} stored (30 submissions by new learners, one after another, the caches off): p50 ${stored.p50} ms, p95 ${stored.p95} ms, max ${stored.max} ms.`,
      '',
      `Reviewing a practice card at ${last.toLocaleString('en')} stored (30 reviews by the measured learners, one after another, each their most overdue card answered wrong; the caches off): p50 ${reviewed.p50} ms, p95 ${reviewed.p95} ms, max ${reviewed.max} ms.`,
      '',
      'The create-payment-intent row includes a call to stripe-mock; the payer has not paid, so each request reads payment-service\'s records by learner and then asks Stripe (with the same idempotency key each time).',
      '',
    );

    if (scaleOnly) {
      // --scale: section 2 alone, printed; the report of a full run stays as it is.
      console.log(report.join('\n'));
    } else {
      // ── 3. The load-test scenarios ──────────────────────────────────────────────────────────────
      /** @type {string[]} */
      const scenarioRows = [];
      for (const vus of SCENARIO_VUS) {
        for (const scenario of ['browse', 'dashboard', 'attempt', 'payment']) {
          // Each learner has three free tests to submit: the attempt scenario stops when its learners have none left.
          const attempt = scenario === 'attempt';
          let result;
          try {
            result = await runScenario({ baseUrl: gateway.url, scenario, vus, seconds: DURATION_S, maxIterations: attempt ? vus * 2 * 3 : 100_000, thinkScale: 0, learnersPerVu: attempt ? 2 : 1 });
          } catch (error) {
            // Signing up hundreds of learners at once can overwhelm Keycloak's password hashing: a finding, not the end of the run.
            const reason = error instanceof Error ? error.message.slice(0, 160) : String(error);
            scenarioRows.push(`| ${scenario} | ${vus} | (not run: ${reason.replace(/\|/g, '/')}) | – | – | – | – | – |`);
            log('bench', `scenario ${scenario} @${vus} VUs not run: ${reason}`);
            continue;
          }
          for (const [name, r] of Object.entries(result.requests)) {
            scenarioRows.push(`| ${scenario} | ${vus} | \`${name}\` | ${r.count} | ${r.failed} | ${r.p50} | ${r.p95} | ${r.p99} |`);
          }
          log('bench', `scenario ${scenario} @${vus} VUs: ${result.iterations.completed} iterations, ${result.iterations.failed} failed`);
        }
      }
      report.push(
        '## 3. The load-test scenarios (load-tests/scenarios.json, the data of the k6 scripts)',
        '',
        `Run by the load tests' Node engine (load-tests/engine), without think times, ${DURATION_S} s per row; learners signed up by the engine first. Latency in ms.`,
        '',
        '| scenario | VUs | request | count | failed | p50 | p95 | p99 |',
        '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
        ...scenarioRows,
        '',
      );

      // ── 4. Soak ─────────────────────────────────────────────────────────────────────────────────
      if (soak) {
        // Every minute: resident memory of each process and the V8 heap in use of each app (its
        // /metrics): a heap that levels off is V8 sizing itself to the load; one that keeps rising is a leak.
        const samples = [await memorySample()];
        const sampling = setInterval(() => void memorySample().then((sample) => samples.push(sample)), 60_000);
        const logsAtStart = logBytes();
        const half = await Promise.all([
          load({ url: `${gateway.url}/api/tests`, connections: GOAL_CONNECTIONS / 2, seconds: SOAK_S, learners }),
          load({ url: `${gateway.url}/api/me`, connections: GOAL_CONNECTIONS / 2, seconds: SOAK_S, learners }),
        ]);
        clearInterval(sampling);
        const minutes = samples.slice(0, SOAK_S / 60);
        minutes.push(await memorySample());
        const names = Object.keys(minutes[minutes.length - 1].rss);
        const heapNames = Object.keys(minutes[minutes.length - 1].heap);
        const header = minutes.map((_, i) => (i === minutes.length - 1 ? `${SOAK_S / 60} min` : `${i} min`));
        report.push(
          `## 4. Soak: ${SOAK_S / 60} minutes at ${GOAL_CONNECTIONS} connections (half /api/tests, half /api/me, ${HOT_LEARNERS} learners)`,
          '',
          `/api/tests ${half[0].rps} req/s (p95 ${half[0].p95} ms, non-2xx ${half[0].errors}); /api/me ${half[1].rps} req/s (p95 ${half[1].p95} ms, non-2xx ${half[1].errors}).`,
          '',
          `Resident memory (MiB), each minute:`,
          '',
          `| process | ${header.join(' | ')} |`,
          `| --- | ${header.map(() => '---:').join(' | ')} |`,
          ...names.map((name) => `| ${name} | ${minutes.map((m) => m.rss[name] ?? '–').join(' | ')} |`),
          '',
          `V8 heap in use (MiB, the apps' \`fluent_nodejs_heap_size_used_bytes\`), each minute:`,
          '',
          `| app | ${header.join(' | ')} |`,
          `| --- | ${header.map(() => '---:').join(' | ')} |`,
          ...heapNames.map((name) => `| ${name} | ${minutes.map((m) => m.heap[name] ?? '–').join(' | ')} |`),
          '',
          `Stack log folder: ${(logsAtStart / 1e6).toFixed(1)} MB before, ${(logBytes() / 1e6).toFixed(1)} MB after.`,
          '',
        );
      }

      const memoryAfter = residentMemory({ 'bench gateway': gateway.pid });
      const header = [
        '# Bench report',
        '',
        `Measured ${new Date(startedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench${full ? ' -- --full' : soak ? ' -- --soak' : ''}\` in ${Math.round((Date.now() - startedAt) / 60_000)} min on a shared ${cpus().length}-core machine: the load generator, the stack and the bare Node server share the same cores, and absolute figures move from run to run; a ratio to the bare Node server measured at the same moment is the figure to compare.`,
        'Gateway in production mode (JSON logs at info), limits raised by configuration (API_RATE_LIMIT and friends); load by wrk in section 1 (its ceiling must not be the generator\'s), by autocannon in sections 2 and 4 (request lists built before the run; a token hook only in the soak, whose tokens would expire); percentiles from the time of every answer.',
        '',
      ];
      const footer = [
        '## Resident memory (MiB) and logs, whole run',
        '',
        '| process | before | after |',
        '| --- | ---: | ---: |',
        ...Object.keys({ ...memoryBefore, ...memoryAfter }).map((name) => `| ${name} | ${memoryBefore[name] ?? '–'} | ${memoryAfter[name] ?? '–'} |`),
        '',
        `Stack log folder: ${(logsBefore / 1e6).toFixed(1)} MB before, ${(logBytes() / 1e6).toFixed(1)} MB after (the bench gateway itself logs to nowhere).`,
        '',
      ];
      // The chaos run's section (chaos.mjs) is measured apart: kept as it is.
      const reportFile = join(ROOT, 'bench', 'REPORT.md');
      const resilience = existsSync(reportFile) ? sectionOf(readFileSync(reportFile, 'utf8'), RESILIENCE_HEADING) : undefined;
      writeFileSync(reportFile, [...header, ...report, ...footer, ...(resilience ? [resilience, ''] : [])].join('\n'));
      log('bench', 'wrote bench/REPORT.md');
    }
  }
} finally {
  learners?.stop();
  await gateway.stop();
  for (const other of baselines) await other.stop();
  // A stack the bench started itself starts from empty data next time (the test profile's reset):
  // its seeded documents need no slow deleting.
  if (!startedStack) for (const collection of ['attempts', 'attemptDetails', 'succeeded_payments', 'pageViews', 'practiceCards']) await deleteSeeded(db.collection(collection), run);
  await mongo.close();
  await stopStack();
}
