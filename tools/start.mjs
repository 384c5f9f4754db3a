#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: installs what is missing (npm dependencies, the stack's binaries), builds every
 * project, starts NATS, FerretDB, Keycloak, stripe-mock, the services and the gateway (which
 * serves the web app), and prints the URL. Ctrl-C stops everything it started.
 * `npm start -- --replicas 2`: two of each app, the gateways behind the local balancer
 * (tools/stack/replicas.mjs), the shape the chart deploys.
 */
import { bootstrap } from './bootstrap/index.mjs';
import { loadDotEnv } from './env.mjs';
import { Phases } from './phases.mjs';
import { ROOT } from './stack/paths.mjs';
import { log, run } from './stack/run.mjs';

loadDotEnv();
process.env.NX_DAEMON = 'false';
process.env.NX_TUI = 'false';

const phases = new Phases();
try {
  await bootstrap('start', phases);
} catch (error) {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const stack = await import('./stack/index.mjs');
const { installStack } = await import('./stack/install.mjs');
const profile = stack.getProfile('dev');
const { parseReplicas } = await import('./stack/replicas.mjs');
const replicasAt = process.argv.indexOf('--replicas');
let replicas = 1;
try {
  replicas = parseReplicas(replicasAt >= 0 ? process.argv[replicasAt + 1] : undefined);
} catch (error) {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('start', 'stopping everything …');
  await stack.down(profile);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // Downloads and Go builds beside the apps' build (docs/development.md, "Where a cold start goes").
  await phases.runTogether({
    'stack binaries': () => installStack(),
    build: () => run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { cwd: ROOT }),
  });
  await phases.run('start stack and apps', () => stack.up(profile, { apps: true, replicas }));
} catch (error) {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
phases.report();
const url = process.env.WEB_ORIGIN ?? `http://localhost:${profile.ports.gateway}`;
console.log(`\n  Fluent is running at ${url}\n  Health: ${url}/api/health\n  Logs:   ${profile.logDir}\n  Press Ctrl-C to stop.\n`);
// Stay in the foreground until Ctrl-C.
setInterval(() => undefined, 1 << 30);
