#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench -- --chaos [--learners N] [--phase-seconds S] [--runner-seconds R]`: the
 * resilience run of issue #46. N learners (default 16) sign in, take and submit tests (each submission with its id, retried by
 * their client as the web app does), pay by test card once the free tests are used, and read
 * their results and feedback, under a steady load; meanwhile a schedule SIGKILLs one replica of
 * each app in turn, then NATS, then PostgreSQL, and the local supervisor starts each again. Writes
 * the section "Resilience" of bench/REPORT.md (the rest of the report is left as it is).
 *
 * Needs the test-profile stack with two (or more) replicas of each app; starts one if none runs
 * (`npm run stack -- up --apps --profile test --replicas 2`) and stops it afterwards. Bounded in
 * time (phases × S seconds, then at most 10 minutes for feedback to arrive); loopback only. R
 * (default 20) is the time a learner spends in the runner: the writing feedback of every attempt
 * costs LanguageTool seconds of CPU, which a shared 2-core machine must keep up with.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { answersFor } from '../flows/answers.js';
import { loadDotEnv } from '../../tools/env.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { natsReady } from '../../tools/stack/components.mjs';
import { postgresReady } from '../../tools/stack/postgres.mjs';
import { metricsEnvironment } from '../../tools/stack/profiles.mjs';
import { gatewayReplicaPort } from '../../tools/stack/replicas.mjs';
import { log } from '../../tools/stack/run.mjs';
import { readState } from '../../tools/stack/supervisor.mjs';
import { attemptLedger, paymentLedger, RESILIENCE_HEADING, summarizePhases, withSection } from './chaos/tally.mjs';

loadDotEnv();
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number`);
  return value;
};
const LEARNERS = Math.min(option('--learners', 16), 200);
/** The time a learner spends in the runner before submitting (40 minutes for real; compressed). */
const RUNNER_S = Math.min(option('--runner-seconds', 20), 600);
const PHASE_S = Math.min(option('--phase-seconds', 20), 120);
/** When in its phase the kill falls: the phase shows the seconds before it and the recovery after. */
const KILL_AFTER_S = 3;
const THINK_MS = 1000;
const PASSWORD = 'Chaos-password-46';
const PRICE = 4999;
/** The web app's retry policy (apps/web/src/lib/retry-policy.ts): what a learner's client does. */
const RETRY = { budgetMs: 20_000, baseMs: 500, maxDelayMs: 5_000 };
const APPS = ['gateway', 'auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'];

const stack = await import('../../tools/stack/index.mjs');
const profile = stack.getProfile('test');
const base = `http://127.0.0.1:${profile.ports.gateway}`;
let stopStack = async () => undefined;
if (!(await fetch(`${base}/api/health/live`).then((r) => r.ok, () => false))) {
  await stack.up(profile, { apps: true, replicas: 2 });
  stopStack = () => stack.down(profile);
} else if (stack.runningReplicas(profile) < 2) {
  console.error('The test-profile stack runs one replica of each app: stop it (npm run stack -- down --profile test) or start it with --replicas 2.');
  process.exit(2);
}

// ── The learners' clients ──────────────────────────────────────────────────────────────────────

/** @type {import('./chaos/tally.mjs').Seen[]} */
const seen = [];
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One learner's HTTP client: keep-alive connections of its own from a loopback address of its own
 * (127.0.1.x: each learner is a client address, as at a school, with a rate-limit bucket of its
 * own), retrying what the web app retries.
 * @param {number} index
 */
function client(index) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const localAddress = `127.0.1.${(index % 250) + 1}`;
  /** @returns {Promise<{ status: number, body: any, retryAfterMs?: number }>} */
  const once = (/** @type {string} */ method, /** @type {string} */ path, /** @type {string | undefined} */ body, /** @type {string | undefined} */ token) =>
    new Promise((resolve) => {
      const req = httpRequest(`${base}${path}`, {
        method,
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
        timeout: 60_000,
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
          const retryAfter = Number(res.headers['retry-after']);
          resolve({ status: res.statusCode ?? 0, body: parsed, retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined });
        });
        res.on('error', () => resolve({ status: 0, body: undefined }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, body: undefined }));
      req.end(body);
    });
  /**
   * @param {string} name what the request is, for the report
   * @param {{ method?: string, path: string, body?: unknown, token?: string, retry?: boolean, ok: number[] }} spec
   */
  return async function call(name, { method = 'GET', path, body, token, retry = method === 'GET', ok }) {
    const at = Date.now();
    const text = body === undefined ? undefined : JSON.stringify(body);
    let answer = await once(method, path, text, token);
    let retries = 0;
    while (retry && [0, 502, 503].includes(answer.status)) {
      const delay = Math.min(RETRY.maxDelayMs, answer.retryAfterMs ?? RETRY.baseMs * 2 ** retries);
      if (Date.now() + delay - at >= RETRY.budgetMs) break;
      await sleep(delay);
      retries += 1;
      answer = await once(method, path, text, token);
    }
    seen.push({ at, ms: Date.now() - at, name, status: answer.status, retries, expected: ok.includes(answer.status) });
    return answer;
  };
}

// ── What the run records for the ledgers ───────────────────────────────────────────────────────

/** @type {string[]} */
const sent = [];
/** @type {string[]} */
const acknowledged = [];
/** @type {Set<string>} */
const charged = new Set();
/** @type {{ uid: string, token: string }[]} */
const accounts = [];
let running = true;

/**
 * One learner, until the run ends: sign in (again every 4 minutes, the token lives 5), the
 * dashboard, the next test with an attempt left (its questions, the submission, the result and
 * the feedback), or, once only premium tests are left, the payment by test card; with nothing left
 * to take, the history and an earlier result.
 * @param {number} index
 * @param {string} email
 */
async function learner(index, email) {
  const call = client(index);
  let token = '';
  let signedInAt = 0;
  let uid = '';
  /** @type {string[]} */
  const attemptIds = [];
  // Learners arrive over the first seconds, not in one instant.
  await sleep(index * 500);
  while (running) {
    if (!token || Date.now() - signedInAt > 4 * 60_000) {
      const login = await call('sign in', { method: 'POST', path: '/api/auth/login', body: { email, password: PASSWORD }, ok: [200] });
      if (login.status !== 200) {
        await sleep(THINK_MS);
        continue;
      }
      token = login.body.accessToken;
      signedInAt = Date.now();
    }
    if (!uid) {
      const me = await call('me', { path: '/api/me', token, ok: [200] });
      if (me.status === 200) {
        uid = me.body.uid;
        accounts.push({ uid, token });
      }
    }
    const cards = await call('dashboard: tests', { path: '/api/tests', token, ok: [200] });
    if (cards.status !== 200) {
      await sleep(THINK_MS);
      continue;
    }
    await call('dashboard: attempts', { path: '/api/attempts', token, ok: [200] });
    const next = cards.body.cards.find((/** @type {any} */ c) => c.access && c.attemptsLeft > 0);
    if (next) {
      const test = await call('test', { path: `/api/tests/${next.id}`, token, ok: [200] });
      if (test.status === 200) {
        await sleep(RUNNER_S * 1000);
        const submissionId = randomUUID();
        sent.push(submissionId);
        const submitted = await call('submit', { method: 'POST', path: `/api/tests/${next.id}/attempts`, body: { submissionId, answers: answersFor(test.body) }, token, retry: true, ok: [201] });
        if (submitted.status === 201) {
          acknowledged.push(submissionId);
          attemptIds.push(submitted.body.attemptId);
          await call('result', { path: `/api/attempts/${submitted.body.attemptId}`, token, ok: [200] });
          await call('feedback', { path: `/api/attempts/${submitted.body.attemptId}/feedback`, token, ok: [200, 202] });
        }
      }
    } else if (!cards.body.paid && uid) {
      // The unlock dialog: a PaymentIntent (409 once a payment is on record), then the test card.
      const intent = await call('payment intent', { method: 'POST', path: '/api/create-payment-intent', body: { amount: PRICE }, token, ok: [200, 409] });
      if (intent.status === 409) charged.add(uid);
      if (intent.status === 200) {
        const paid = await call('pay by card', {
          method: 'POST',
          path: '/api/payments/test-confirm',
          body: { paymentIntentId: intent.body.paymentIntentId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
          token,
          ok: [200],
        });
        if (paid.status === 200) charged.add(uid);
      }
    } else if (attemptIds.length > 0) {
      await call('result', { path: `/api/attempts/${attemptIds[index % attemptIds.length]}`, token, ok: [200] });
    }
    await sleep(THINK_MS);
  }
}

// ── The kill schedule ──────────────────────────────────────────────────────────────────────────

/** The process the local supervisor of `name` runs now (its child), if any. @param {string} name */
function serverPid(name) {
  const supervisor = readState(profile)[name]?.pid;
  if (!supervisor) return undefined;
  try {
    return Number(readFileSync(`/proc/${supervisor}/task/${supervisor}/children`, 'utf8').trim().split(/\s+/)[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** @param {string} url */
const answers = (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);

/**
 * Whether a killed component serves again: a gateway replica and a service by their own probes,
 * NATS and PostgreSQL by the stack's readiness checks (the server the supervisor started answers).
 * @param {string} name
 * @returns {() => Promise<boolean>}
 */
function serving(name) {
  if (name === 'gateway') return () => answers(`http://127.0.0.1:${gatewayReplicaPort(profile, 1)}/api/health/live`);
  if (APPS.includes(name)) return () => answers(`http://127.0.0.1:${metricsEnvironment(profile, name).HEALTH_PORT}/health/ready`);
  const check = name === 'nats' ? natsReady : postgresReady;
  return async () => {
    const running = readState(profile)[name];
    return !!running && (await check(profile, running).catch(() => false));
  };
}

/**
 * SIGKILLs the process `name`'s supervisor runs and measures until the supervisor's new one serves.
 * @param {string} name
 * @returns {Promise<{ killed: boolean, backAfterMs?: number }>}
 */
async function killAndWatch(name) {
  const pid = serverPid(name);
  if (!pid) return { killed: false };
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  log('chaos', `SIGKILL ${name} (pid ${pid})`);
  const ready = serving(name);
  for (const deadline = killedAt + 180_000; Date.now() < deadline; ) {
    const now = serverPid(name);
    if (now && now !== pid && (await ready())) return { killed: true, backAfterMs: Date.now() - killedAt };
    await sleep(250);
  }
  return { killed: true };
}

// ── The run ────────────────────────────────────────────────────────────────────────────────────

const startedAt = Date.now();
const load = loadavg()[0];
const runId = randomUUID().slice(0, 8);
log('chaos', `signing up ${LEARNERS} learners`);
const emails = Array.from({ length: LEARNERS }, (_, i) => `chaos-${runId}-${i}@example.com`);
for (let i = 0; i < emails.length; i += 5) {
  await Promise.all(
    emails.slice(i, i + 5).map(async (email) => {
      for (let attempt = 1; ; attempt++) {
        const r = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, mobileNumber: '0123456789', password: PASSWORD }) });
        if (r.status === 201) return;
        if (attempt === 10) throw new Error(`sign-up of ${email}: ${r.status}`);
        await sleep(2000);
      }
    }),
  );
}

/** @type {import('./chaos/tally.mjs').PhaseMark[]} */
const phases = [];
/** @type {Record<string, { killed: boolean, backAfterMs?: number }>} */
const recoveries = {};
const schedule = [...APPS.map((app) => ({ phase: `kill ${app} (one replica)`, target: app })), { phase: 'kill NATS', target: 'nats' }, { phase: 'kill PostgreSQL', target: 'postgres' }];
const learnersDone = Promise.all(emails.map((email, i) => learner(i, email)));
try {
  phases.push({ name: 'steady (nothing killed)', startedAt: Date.now() });
  await sleep(PHASE_S * 1000);
  for (const step of schedule) {
    phases.push({ name: step.phase, startedAt: Date.now() });
    await sleep(KILL_AFTER_S * 1000);
    const watched = killAndWatch(step.target);
    await sleep((PHASE_S - KILL_AFTER_S) * 1000);
    // The next kill waits until this component serves again: one outage at a time.
    recoveries[step.phase] = await watched;
  }
  phases.push({ name: 'after (all back)', startedAt: Date.now() });
  await sleep(PHASE_S * 1000);
} finally {
  running = false;
  await learnersDone;
}

// ── The ledgers, from the database ─────────────────────────────────────────────────────────────

const mongo = await new MongoClient(`mongodb://127.0.0.1:${profile.ports.mongo}/${profile.database}`).connect();
const db = mongo.db();
const uids = accounts.map((a) => a.uid);
const storedAttempts = await db.collection('attempts').find({ uid: { $in: uids } }, { projection: { _id: 1, submissionId: 1 } }).toArray();
// Feedback is prepared after the answer (JetStream, then LanguageTool): wait for it while it keeps
// arriving, at most 10 minutes; a minute without progress ends the wait (what is missing then is lost).
let feedback = 0;
const waitedFrom = Date.now();
for (let progressAt = Date.now(); ; ) {
  const now = await db.collection('writingFeedback').countDocuments({ uid: { $in: uids } });
  if (now > feedback) progressAt = Date.now();
  feedback = now;
  if (feedback >= storedAttempts.length || Date.now() - progressAt > 60_000 || Date.now() - waitedFrom > 600_000) break;
  await sleep(2000);
}
const feedbackWaitS = Math.round((Date.now() - waitedFrom) / 1000);
await sleep(5000); // payments applied by the consumers after the card's answer
const recorded = (await db.collection('succeeded_payments').find({ uid: { $in: uids } }, { projection: { uid: 1 } }).toArray()).map((d) => d.uid);
const unlocked = (await db.collection('entitlements').find({ _id: { $in: /** @type {any} */ (uids) } }, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id));
await mongo.close();

const rows = summarizePhases(phases, seen);
const attempts = attemptLedger(acknowledged, sent, storedAttempts.map((a) => a.submissionId));
const payments = paymentLedger([...charged], recorded, unlocked);
await stopStack();

// ── The report ─────────────────────────────────────────────────────────────────────────────────

const statuses = (/** @type {Record<string, number>} */ s) => Object.entries(s).map(([what, n]) => `${what.replace(/ 0$/, ' no answer')} ×${n}`).join(', ') || '–';
const section = [
  `${RESILIENCE_HEADING}: any one process killed under load (\`npm run bench -- --chaos\`)`,
  '',
  `Measured ${new Date(startedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench -- --chaos --learners ${LEARNERS} --phase-seconds ${PHASE_S} --runner-seconds ${RUNNER_S}\`, on a shared ${cpus().length}-core machine (load average ${load.toFixed(1)} at the start, other people's stacks and builds running beside it): absolute latencies move with that load; the counts (errors, lost, twice) are the figures that matter.`,
  `The test-profile stack with two replicas of each app (\`--replicas 2\`: two gateways behind the local balancer, two of each service in its NATS queue group), every process under the local supervisor. ${LEARNERS} learners, arriving half a second apart, each from a loopback address of its own, sign in, read the dashboard, take tests (${RUNNER_S} s in the runner, ${THINK_MS / 1000} s between other steps) and submit each with a submission id, read the result and the feedback, and pay by test card once the free tests are used. Their client retries as the web app does: a GET or the submission, on no answer, 502 or 503, after Retry-After, for up to ${RETRY.budgetMs / 1000} s. Each phase lasts ${PHASE_S} s; its kill (SIGKILL of the process the supervisor runs) falls ${KILL_AFTER_S} s in, and the next phase waits until the killed process serves again.`,
  '',
  '| phase | requests | errors seen by learners (after retries) | retried and then answered | p95 ms | p99 ms | slowest requests (ms) | back after |',
  '| --- | ---: | --- | ---: | ---: | ---: | --- | ---: |',
  ...rows.map((r) => {
    const back = recoveries[r.phase];
    const backText = !back ? '' : !back.killed ? 'not killed (no process)' : back.backAfterMs === undefined ? 'not back in 180 s' : `${(back.backAfterMs / 1000).toFixed(1)} s`;
    return `| ${r.phase} | ${r.requests} | ${r.errors}${r.errors ? ` (${statuses(r.errorStatuses)})` : ''} | ${r.retried} | ${r.p95} | ${r.p99} | ${r.slowest.map((x) => `${x.name} ${x.ms}`).join(', ')} | ${backText} |`;
  }),
  '',
  `Attempts: ${attempts.sent} submitted, ${attempts.acknowledged} acknowledged (201), ${attempts.stored} stored; **lost ${attempts.lost}, stored twice ${attempts.duplicated}**; stored though the learner's last answer was an error: ${attempts.unacknowledged}.`,
  `Payments: ${payments.charged} learners charged by the test card, ${payments.recorded} recorded; **lost ${payments.lost}, applied twice ${payments.twice}**.`,
  `Writing feedback: delivered for ${feedback} of ${storedAttempts.length} stored attempts, ${feedbackWaitS} s after the run ended (the wait ends when all have it, after a minute without progress, or after 10 minutes).`,
  '',
];
const reportFile = join(ROOT, 'bench', 'REPORT.md');
const report = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '# Bench report\n';
writeFileSync(reportFile, withSection(report, RESILIENCE_HEADING, section.join('\n')));
log('chaos', 'wrote the Resilience section of bench/REPORT.md');
console.log(section.join('\n'));

