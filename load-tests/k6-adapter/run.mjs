#!/usr/bin/env node
// @ts-check
/**
 * `node load-tests/k6-adapter/run.mjs <k6 script> [--summary <file.json>]`: runs a k6 script once in
 * Node — setup(), then one iteration of each scenario in `options.scenarios` (one VU each, VU ids
 * 1, 2, … as k6 numbers them), then teardown() — through the adapter's k6, k6/http and
 * k6/execution. Prints what was sent and checked and how the thresholds fare; writes the same as
 * JSON with --summary. Exit code as k6's: 0, 99 when a threshold fails, 107 when the script
 * throws (setup, an iteration or teardown).
 *
 * __ENV is this process's environment, as k6 passes the system's. K6_ADAPTER_LOCAL_ADDRESS sets
 * the address requests leave from (a loopback address of its own gives the run its own
 * rate-limit buckets).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runtime, assertInit } from './runtime.mjs';
import { evaluateThresholds } from './thresholds.mjs';

register('./hooks.mjs', import.meta.url);
const http = await import('./modules/http.mjs');

const args = process.argv.slice(2);
const script = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--summary');
const summaryAt = args.indexOf('--summary');
if (!script) {
  console.error('usage: node load-tests/k6-adapter/run.mjs <k6 script> [--summary <file.json>]');
  process.exit(2);
}
const scriptPath = resolve(script);
runtime.localAddress = /** @type {any} */ (process.env.K6_ADAPTER_LOCAL_ADDRESS || undefined);

Object.assign(globalThis, {
  __ENV: { ...process.env },
  __VU: 0,
  __ITER: 0,
  /** k6's open(): init context only, relative to the script. @param {string} path @param {string} [mode] */
  open(path, mode) {
    assertInit('open()');
    return readFileSync(resolve(dirname(scriptPath), path), mode === 'b' ? undefined : 'utf8');
  },
});

/** @type {{ phase: string, scenario: string, message: string }[]} */
const errors = [];
const describe = (/** @type {unknown} */ error) => (error instanceof Error ? error.stack ?? error.message : String(error));

/** A fresh init context for VU `vu` (its own module graph: see hooks.mjs). */
async function initVu(/** @type {number} */ vu) {
  runtime.phase = 'init';
  runtime.vu = vu;
  Object.assign(globalThis, { __VU: vu, __ITER: 0 });
  return import(`${pathToFileURL(scriptPath).href}?vu=${vu}`);
}

const main = await initVu(0);
const options = main.options ?? {};
let setupData;
let setupFailed = false;
if (typeof main.setup === 'function') {
  runtime.phase = 'setup';
  http.resetCookies();
  try {
    // k6 hands each VU a JSON copy of what setup() returned.
    setupData = JSON.parse(JSON.stringify(main.setup() ?? null));
  } catch (error) {
    setupFailed = true;
    errors.push({ phase: 'setup', scenario: '', message: describe(error) });
  }
}

const scenarios = Object.entries(options.scenarios ?? { default: {} });
if (!setupFailed) {
  for (const [index, [name, scenario]] of scenarios.entries()) {
    const module = await initVu(index + 1);
    const exec = scenario.exec ?? 'default';
    runtime.phase = 'iteration';
    runtime.scenario = name;
    runtime.iteration = 0;
    runtime.iterationInTest = 0;
    http.resetCookies();
    try {
      if (typeof module[exec] !== 'function') throw new Error(`scenario "${name}" runs "${exec}", which the script does not export as a function`);
      module[exec](setupData);
    } catch (error) {
      errors.push({ phase: 'iteration', scenario: name, message: describe(error) });
    }
  }
}
if (typeof main.teardown === 'function') {
  runtime.phase = 'teardown';
  runtime.vu = 0;
  try {
    main.teardown(setupData);
  } catch (error) {
    errors.push({ phase: 'teardown', scenario: '', message: describe(error) });
  }
}

/** @type {ReturnType<typeof evaluateThresholds>} */
let thresholds = [];
try {
  thresholds = evaluateThresholds(options.thresholds, runtime);
} catch (error) {
  errors.push({ phase: 'thresholds', scenario: '', message: describe(error) });
}
/** @type {{ script: string, scenarios: string[], requests: Record<string, any>[], checks: Record<string, any>[], thresholds: typeof thresholds, errors: typeof errors }} */
const summary = {
  script: scriptPath,
  scenarios: scenarios.map(([name]) => name),
  requests: runtime.requests.map((r) => ({ ...r.tags, duration: Math.round(r.duration * 10) / 10, failed: r.failed, error: r.error })),
  checks: runtime.checks.map((c) => ({ ...c.tags, ok: c.ok })),
  thresholds,
  errors,
};
if (summaryAt >= 0) writeFileSync(resolve(args[summaryAt + 1] ?? 'summary.json'), JSON.stringify(summary, null, 2));

for (const r of summary.requests) console.log(`${r.failed ? '✗' : '✓'} ${r.scenario.padEnd(10)} ${r.name.padEnd(24)} ${r.method.padEnd(5)} ${r.status} ${r.duration} ms ${r.url}`);
for (const c of summary.checks.filter((c) => !c.ok)) console.log(`✗ check failed: ${c.check} (${c.scenario}${c.group})`);
for (const t of thresholds) console.log(`${t.ok ? '✓' : '✗'} ${t.key}: ${t.expression} observed ${t.observed === null ? '—' : Math.round(t.observed * 1000) / 1000} over ${t.samples}${t.enforced ? '' : ' (not enforced)'}${t.reason ? `: ${t.reason}` : ''}`);
for (const e of errors) console.log(`✗ ${e.phase}${e.scenario ? ` ${e.scenario}` : ''}: ${e.message}`);
process.exit(errors.length > 0 ? 107 : thresholds.every((t) => t.ok) ? 0 : 99);
