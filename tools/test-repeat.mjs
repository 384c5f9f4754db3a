#!/usr/bin/env node
// @ts-check
/**
 * `npm run test:repeat -- <spec file | suite folder> [N]`: runs one test file (or a whole suite) N times (default 5) and prints
 * pass/fail per run, to tell a flaky test from a broken one. Integration and e2e specs run against
 * the test-profile stack: one already running is reused, otherwise it is started once for all runs
 * and stopped at the end.
 */
import { loadDotEnv } from './env.mjs';
import { ROOT } from './stack/paths.mjs';
import { log, run } from './stack/run.mjs';
import { repeatSummary, vitestTarget } from './test-target.mjs';

loadDotEnv();
const [file, times = '5'] = process.argv.slice(2);
const count = Number(times);
if (!file || !Number.isInteger(count) || count < 1) {
  console.error('usage: npm run test:repeat -- <spec file, or tests/integration or tests/e2e for the suite> [times, default 5]');
  process.exit(2);
}

const target = vitestTarget(ROOT, file);
/** @type {Record<string, string>} */
let env = {};
/** @type {() => Promise<void>} */
let stopStack = async () => undefined;
if (target.needsStack) {
  const stack = await import('./stack/index.mjs');
  const profile = stack.getProfile('test');
  env = { FLUENT_STACK_PROFILE: 'test', FLUENT_GATEWAY_URL: `http://127.0.0.1:${profile.ports.gateway}` };
  const running = await fetch(`${env.FLUENT_GATEWAY_URL}/api/health/live`).then((r) => r.ok, () => false);
  if (running) log('repeat', 'reusing the running test-profile stack');
  else {
    await stack.up(profile, { apps: true });
    stopStack = () => stack.down(profile);
  }
}

/** @type {boolean[]} */
const passes = [];
try {
  for (let i = 1; i <= count; i++) {
    log('repeat', `run ${i} of ${count}: ${file}`);
    const ok = await run('npx', ['vitest', 'run', ...target.args], { cwd: target.cwd, env }).then(() => true, () => false);
    passes.push(ok);
    log('repeat', `run ${i}: ${ok ? 'passed' : 'FAILED'}`);
  }
} finally {
  await stopStack();
}
log('repeat', repeatSummary(passes));
process.exit(passes.every(Boolean) ? 0 : 1);
