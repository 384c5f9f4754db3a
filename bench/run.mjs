#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench [-- --full]`: throughput and latency of the hot API routes against the real
 * stack, each beside a bare Node `http` server answering the same bytes in the same run (this
 * machine is shared and noisy: only ratios measured together mean something), and the dashboard's
 * reads as the stored attempts grow. Writes bench/REPORT.md.
 *
 * The stack is the test profile (reused if running, else started and stopped). The API is served
 * by a gateway of its own in production mode whose limits are raised by configuration
 * (API_RATE_LIMIT and friends), the way an operator lets a load test through; nothing is bypassed.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MongoClient, ObjectId } from 'mongodb';
import { loadDotEnv } from '../tools/env.mjs';
import { ROOT } from '../tools/stack/paths.mjs';
import { appEnvironment } from '../tools/stack/profiles.mjs';
import { log } from '../tools/stack/run.mjs';
import { readState } from '../tools/stack/supervisor.mjs';

loadDotEnv();
const full = process.argv.includes('--full');
const SIZES = full ? [1_000, 10_000, 100_000] : [1_000, 10_000];
const LEARNERS = full ? 5_000 : 500;
const CONNECTIONS = full ? [10, 64, 200] : [64];
const DURATION_S = full ? 10 : 5;
const PASSWORD = 'Bench-password-1';

const stack = await import('../tools/stack/index.mjs');
const profile = stack.getProfile('test');
const stackUrl = `http://127.0.0.1:${profile.ports.gateway}`;
/** @type {() => Promise<void>} */
let stopStack = async () => undefined;
if (!(await fetch(`${stackUrl}/api/health/live`).then((r) => r.ok, () => false))) {
  await stack.up(profile, { apps: true });
  stopStack = () => stack.down(profile);
}

const logBytes = () => readdirSync(profile.logDir).reduce((sum, name) => sum + statSync(join(profile.logDir, name)).size, 0);
/** Resident memory (MiB) of every process the stack started. */
function residentMemory() {
  /** @type {Record<string, number>} */
  const rss = {};
  for (const [name, running] of Object.entries(readState(profile))) {
    try {
      const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${running.pid}/status`, 'utf8'))?.[1] ?? 0);
      rss[name] = Math.round(kib / 1024);
    } catch {
      /* exited */
    }
  }
  return rss;
}

/** A gateway replica in production mode with the limits raised, as an operator would for a load test. */
async function startBenchGateway() {
  const port = profile.ports.gateway + 61;
  const url = `http://127.0.0.1:${port}`;
  const raised = String(1e9);
  const child = spawn(process.execPath, [join(ROOT, 'apps', 'gateway', 'dist', 'main.js')], {
    env: {
      ...process.env,
      ...appEnvironment(profile, 'gateway'),
      NODE_ENV: 'production',
      GATEWAY_PORT: String(port),
      PUBLIC_ORIGIN: url,
      WEB_ORIGIN: url,
      ALLOW_INSECURE_COOKIES: 'true',
      TRUST_PROXY: 'false',
      LOG_LEVEL: 'info',
      API_RATE_LIMIT: raised,
      AUTH_RATE_LIMIT: raised,
      SESSION_RATE_LIMIT: raised,
      AUTH_ACCOUNT_FAILURE_LIMIT: raised,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the bench gateway exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/config`).then((r) => r.ok, () => false)) return { url, pid: /** @type {number} */ (child.pid), stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the bench gateway did not start');
}

/** @param {string} url @param {RequestInit} [init] */
async function call(url, init = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A bare Node server answering every request with these bytes: the ceiling of this machine. */
async function ceilingServer(body, contentType) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @param {string} url @param {number} connections @param {Record<string, string>} [headers] */
async function load(url, connections, headers = {}) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const gateway = await startBenchGateway();
const mongo = new MongoClient(`mongodb://127.0.0.1:${profile.ports.mongo}/${profile.database}`);
await mongo.connect();
const run = `bench-${randomUUID().slice(0, 8)}`;
const logsBefore = logBytes();
const memoryBefore = residentMemory();

try {
  // One real learner, through the real API: three attempts stored by catalog-service itself.
  const email = `${run}@example.com`;
  const { accessToken } = await call(`${gateway.url}/api/auth/signup`, { method: 'POST', body: JSON.stringify({ email, mobileNumber: '0123456789', password: PASSWORD }) });
  const auth = { authorization: `Bearer ${accessToken}` };
  const { blankTestAnswers } = await import('@fluent/contracts');
  for (const testId of [1, 2, 3]) {
    await call(`${gateway.url}/api/tests/${testId}/attempts`, { method: 'POST', headers: auth, body: JSON.stringify({ submissionId: randomUUID(), answers: blankTestAnswers() }) });
  }

  // The ceiling and the gateway-only route, at each connection count.
  const configResponse = await fetch(`${gateway.url}/api/config`);
  const ceiling = await ceilingServer(await configResponse.text(), configResponse.headers.get('content-type') ?? 'application/json');
  /** @type {{ route: string, connections: number, stored: number, rps: number, p50: number, p97: number, p99: number, errors: number, ceiling: number }[]} */
  const rows = [];
  const measure = async (route, stored, headers = {}) => {
    for (const connections of CONNECTIONS) {
      const bare = await load(ceiling.url, connections);
      const measured = await load(`${gateway.url}${route}`, connections, headers);
      rows.push({ route, connections, stored, ...measured, ceiling: bare.rps });
      log('bench', `${route} @${connections} (${stored} stored): ${measured.rps} req/s = ${((measured.rps / bare.rps) * 100).toFixed(1)} % of ${bare.rps}; p50 ${measured.p50} ms, p97.5 ${measured.p97} ms, non-2xx ${measured.errors}`);
    }
  };

  // Other learners' attempts, shaped as catalog-service stores them (a summary and its detail).
  const figures = { wpm: 40, accuracy: 95, sections: { sentences: { correct: 5, total: 10 }, fills: { correct: 5, total: 10 }, jumbled: { correct: 5, total: 15 } }, total: { correct: 15, total: 35 } };
  let seeded = 0;
  for (const size of SIZES) {
    while (seeded < size) {
      const batch = Math.min(5_000, size - seeded);
      const ids = Array.from({ length: batch }, () => new ObjectId());
      const rowOf = (k) => ({ uid: `${run}-${(seeded + k) % LEARNERS}`, testId: (Math.floor((seeded + k) / LEARNERS) % 20) + 1, submittedAt: new Date(Date.now() - (seeded + k) * 1000), seededBy: run });
      await mongo.db().collection('attempts').insertMany(ids.map((_id, k) => ({ _id, ...rowOf(k), slot: 1, submissionId: randomUUID(), figures })), { ordered: false });
      await mongo.db().collection('attemptDetails').insertMany(ids.map((_id, k) => ({ _id, ...rowOf(k), answers: { emailInput: 'x'.repeat(500) }, score: { total: figures.total } })), { ordered: false });
      seeded += batch;
    }
    log('bench', `${seeded} attempts stored by ${LEARNERS} synthetic learners`);
    await measure('/api/tests', size, auth);
    await measure('/api/attempts', size, auth);
  }
  await measure('/api/me', seeded, auth);
  await measure('/api/config', seeded);
  await ceiling.close();

  const memoryAfter = residentMemory();
  const lines = [
    '# Bench report',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench${full ? ' -- --full' : ''}\` on a shared, loaded 2-core machine: absolute figures move from run to run; the ratio to the bare Node server measured in the same run is the figure to compare.`,
    `Gateway in production mode (JSON logs at info), limits raised by configuration; autocannon ${DURATION_S} s per row; latency in ms (autocannon reports p97.5, not p95: the p95 target is checked against the stricter p97.5).`,
    '',
    '| route | connections | attempts stored | req/s | % of bare Node | p50 | p97.5 | p99 | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| \`${r.route}\` | ${r.connections} | ${r.stored.toLocaleString('en')} | ${r.rps} | ${((r.rps / r.ceiling) * 100).toFixed(1)} % of ${r.ceiling} | ${r.p50} | ${r.p97} | ${r.p99} | ${r.errors} |`),
    '',
    '## Resident memory (MiB) and logs',
    '',
    '| process | before | after |',
    '| --- | ---: | ---: |',
    ...Object.keys({ ...memoryBefore, ...memoryAfter }).map((name) => `| ${name} | ${memoryBefore[name] ?? '–'} | ${memoryAfter[name] ?? '–'} |`),
    '',
    `Stack log folder: ${(logsBefore / 1e6).toFixed(1)} MB before, ${(logBytes() / 1e6).toFixed(1)} MB after (the bench gateway itself logs to nowhere).`,
    '',
  ];
  writeFileSync(join(ROOT, 'bench', 'REPORT.md'), lines.join('\n'));
  log('bench', 'wrote bench/REPORT.md');
} finally {
  gateway.stop();
  for (const collection of ['attempts', 'attemptDetails']) await mongo.db().collection(collection).deleteMany({ seededBy: run });
  await mongo.close();
  await stopStack();
}
