#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: the whole suite. Builds, lints and type-checks every project, runs the unit tests,
 * then starts the real stack in the test profile (own ports and data, so a running `npm start`
 * is untouched) and runs the integration and browser end-to-end tests against it. Everything it
 * started is stopped at the end, also on failure or Ctrl-C.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap } from './bootstrap/index.mjs';
import { loadDotEnv } from './env.mjs';
import { Phases } from './phases.mjs';
import { DATA, ROOT } from './stack/paths.mjs';
import { log, run } from './stack/run.mjs';
import { phasesNotRun, suiteCounts, summaryLine } from './test-report.mjs';

loadDotEnv();
process.env.NX_DAEMON = 'false';
process.env.NX_NO_CLOUD = 'true';
process.env.NX_TUI = 'false';

const phases = new Phases();
const resultsDir = join(DATA, 'test-results');
/** @type {import('./test-report.mjs').SuiteCounts[]} */
const suites = [];
let stackStarted = false;
/** @type {typeof import('./stack/index.mjs') | undefined} */
let stack;

const nx = (/** @type {string[]} */ ...args) => run('npx', ['nx', ...args, '--outputStyle=static'], { cwd: ROOT });

/**
 * Runs one vitest configuration and records its counts (from its JSON report).
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
async function vitest(name, args, env = {}) {
  const output = join(resultsDir, `${name}.json`);
  rmSync(output, { force: true });
  let failure;
  try {
    await run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`], { cwd: ROOT, env });
  } catch (error) {
    failure = error;
  }
  suites.push(suiteCounts(name, existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : undefined, failure !== undefined));
  if (failure) throw failure;
}

/**
 * vitest skips a project whose include pattern matches no file, silently. Every project that has
 * a vitest config must have run at least one test file, so a mis-globbed spec fails the run.
 * @param {string} report
 */
function assertEveryProjectRan(report) {
  const files = /** @type {{ name: string }[]} */ (JSON.parse(readFileSync(report, 'utf8')).testResults).map((r) => r.name);
  const projects = [
    ...['libs', 'apps'].flatMap((group) =>
      readdirSync(join(ROOT, group))
        .filter((name) => existsSync(join(ROOT, group, name, 'vitest.config.mts')) || existsSync(join(ROOT, group, name, 'vite.config.ts')))
        .map((name) => join(ROOT, group, name)),
    ),
    join(ROOT, 'tools'),
    join(ROOT, 'load-tests'),
  ];
  const silent = projects.filter((dir) => !files.some((file) => file.startsWith(`${dir}/`)));
  if (silent.length > 0) throw new Error(`these projects ran no test file (check their include patterns): ${silent.join(', ')}`);
}

async function stopStack() {
  if (!stack || !stackStarted) return;
  stackStarted = false;
  await stack.down(stack.getProfile('test'));
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    void stopStack().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await bootstrap('test', phases);
  stack = await import('./stack/index.mjs');
  const { installStack } = await import('./stack/install.mjs');
  const ops = await import('./ops/install.mjs');
  mkdirSync(resultsDir, { recursive: true });
  // On a cold machine the downloads (Maven Central, PyPI) run beside the Go builds and the apps'
  // build; helm joins the stack's chain of Go builds, which already use every core (docs/development.md).
  await phases.runTogether({
    'stack binaries': () => installStack({ extraGoBuilds: ops.installHelm }),
    'ops tools (Python)': ops.installOpsVenv,
    // build-e2e: the web app as browser tests need it (a time scale they can set; docs/development.md, Testing).
    build: () => nx('run-many', '-t', 'build', 'build-e2e'),
  });
  await phases.run('lint + typecheck', async () => {
    await nx('run-many', '-t', 'lint', 'typecheck');
    await run('npx', ['tsc', '-p', 'tests/tsconfig.json'], { cwd: ROOT });
  });
  await phases.run('unit tests', async () => {
    await vitest('unit', []);
    assertEveryProjectRan(join(resultsDir, 'unit.json'));
  });
  // The Helm chart, Dockerfiles, compose file and runbook, checked statically (tests/ops).
  await phases.run('operations tests', () => vitest('ops', ['-c', 'tests/ops/vitest.config.mts']));

  const profile = stack.getProfile('test');
  stackStarted = true;
  await phases.run('start stack (test profile)', () => /** @type {NonNullable<typeof stack>} */ (stack).up(profile, { apps: true }));
  const env = { FLUENT_STACK_PROFILE: 'test', FLUENT_GATEWAY_URL: `http://127.0.0.1:${profile.ports.gateway}` };
  await phases.run('integration tests', () => vitest('integration', ['-c', 'tests/integration/vitest.config.mts'], env));
  await phases.run('browser e2e tests', () => vitest('e2e', ['-c', 'tests/e2e/vitest.config.mts'], env));
  // A short schemathesis run from /api/openapi.json (5 examples per operation, fixed seed, about
  // 10 s): no 5xx and no answer off the document. Last, because it spends the per-minute rate
  // limits of the contact form and item reports that the tests before it rely on. `npm run fuzz`
  // runs the long one.
  await phases.run('API fuzz (short)', () => run('node', ['tests/fuzz/fuzz.mjs', '--quick', '--profile', 'test'], { cwd: ROOT, env }));
} catch (error) {
  exitCode = 1;
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await phases.run('stop stack', stopStack).catch(() => undefined);
}

phases.report();
// Every phase `npm test` means to run, so a summary after an early failure says what it skipped.
const PLANNED = ['system packages', 'npm dependencies', 'stack binaries', 'ops tools (Python)', 'build', 'lint + typecheck', 'unit tests', 'operations tests', 'start stack (test profile)', 'integration tests', 'browser e2e tests', 'API fuzz (short)'];
const notRun = phasesNotRun(PLANNED, phases.timings.map((t) => t.name));
const totals = suites.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log('\nSuites:');
for (const s of suites) {
  console.log(`  ${s.name.padEnd(12)} ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  for (const error of s.errors) console.log(`    ✗ ${error}`);
}
if (notRun.length > 0) console.log(`\nNot run: ${notRun.join(', ')}`);
if (exitCode === 0 && (totals.failed > 0 || notRun.length > 0)) exitCode = 1;
log('test', exitCode === 0 ? 'all green' : 'FAILED');
// The vitest phases' failures are in the totals already; stopping the stack never fails a run.
const COUNTED = ['unit tests', 'operations tests', 'integration tests', 'browser e2e tests', 'stop stack'];
console.log(`\n${summaryLine(totals, phases.timings, COUNTED, notRun.length)}`);
process.exit(exitCode);
