#!/usr/bin/env node
// @ts-check
/**
 * `node load-tests/engine/cli.mjs --base-url http://127.0.0.1:3000 --scenario dashboard --vus 10 --seconds 20
 *   [--max-iterations 100000] [--learners-per-vu 1] [--think-scale 0] [--json report.json]`
 * runs one scenario with the Node engine and prints p50/p95/p99 per request name, and the p95
 * threshold each measurement suggests (twice the p95, rounded up to 50 ms): how the thresholds in
 * scenarios.json were set (docs/performance.md#load-tests-k6). The gateway's limits must let the run
 * through (raise them by configuration).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runScenario } from './run-scenario.mjs';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    scenario: { type: 'string' },
    vus: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    'max-iterations': { type: 'string', default: '100000' },
    'learners-per-vu': { type: 'string', default: '1' },
    'think-scale': { type: 'string', default: '0' },
    json: { type: 'string' },
  },
});
if (!values['base-url'] || !values.scenario) {
  console.error('usage: cli.mjs --base-url <loopback URL> --scenario <name> [--vus N] [--seconds N] [--max-iterations N] [--learners-per-vu N] [--think-scale X] [--json file]');
  process.exit(2);
}

/** Twice the measured p95, rounded up to the next 50 ms: room for a busier machine, still a bound. */
const suggestedThreshold = (p95) => Math.max(50, Math.ceil((p95 * 2) / 50) * 50);

const report = await runScenario({
  baseUrl: values['base-url'],
  scenario: values.scenario,
  vus: Number(values.vus),
  seconds: Number(values.seconds),
  maxIterations: Number(values['max-iterations']),
  learnersPerVu: Number(values['learners-per-vu']),
  thinkScale: Number(values['think-scale']),
});
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
console.log(`${report.scenario}: ${report.vus} VUs, ${report.seconds} s, ${report.iterations.completed} iterations completed, ${report.iterations.failed} failed`);
for (const error of report.iterations.errors) console.log(`  iteration error: ${error}`);
console.log('request                  count  failed   req/s    p50    p95    p99    max  suggested p95 threshold');
for (const [name, r] of Object.entries(report.requests)) {
  console.log(`${name.padEnd(24)} ${String(r.count).padStart(6)} ${String(r.failed).padStart(7)} ${String(r.rps).padStart(7)} ${String(r.p50).padStart(6)} ${String(r.p95).padStart(6)} ${String(r.p99).padStart(6)} ${String(r.max).padStart(6)}  ${suggestedThreshold(r.p95)}`);
}
const failedChecks = Object.entries(report.checks).filter(([, c]) => c.failed > 0);
for (const [label, c] of failedChecks) console.log(`  check failed ${c.failed}×: ${label}`);
