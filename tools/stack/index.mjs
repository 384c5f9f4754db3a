// @ts-check
/**
 * Bringing the local stack (and the apps) up and down in a profile. Used by `npm start`,
 * `npm test`, `npm run stack` and by integration tests that stop a component on purpose.
 */
import { join } from 'node:path';
import { appComponents, resetData, SERVICES, STACK } from './components.mjs';
import { ensureLookupIndexes } from './ferretdb-indexes.mjs';
import { sqliteFiles } from './migrate.mjs';
import { natsCredentials } from './nats-auth.mjs';
import { ROOT } from './paths.mjs';
import { appEnvironment, getProfile } from './profiles.mjs';
import { parseReplicaName } from './replicas.mjs';
import { isOurs, readState, startProcess, stopProcess, waitUntilHealthy } from './supervisor.mjs';
import { duration, log, run } from './run.mjs';

export { getProfile, natsCredentials, readState };

const REPLICATED = [...SERVICES, 'gateway'];

/**
 * How many replicas of each app the profile runs now: as many gateways as state.json names, when a
 * balancer is in front of them (replicas.mjs), else one.
 * @param {import('./profiles.mjs').Profile} profile
 */
export function runningReplicas(profile) {
  const state = readState(profile);
  if (!state.balancer) return 1;
  return Math.max(1, ...Object.keys(state).map((name) => parseReplicaName(name, REPLICATED)).filter((r) => r.app === 'gateway').map((r) => r.replica));
}

/** Every component of a stack with `replicas` of each app, infrastructure first. @param {number} replicas */
const allComponents = (replicas) => [...STACK, ...appComponents(replicas)];

/**
 * A component by name, in the replica shape the profile runs (or will run: `replicas`).
 * @param {import('./profiles.mjs').Profile} profile
 * @param {string} name
 * @param {number} [replicas]
 */
function component(profile, name, replicas) {
  const shape = replicas ?? runningReplicas(profile);
  const all = allComponents(Math.max(shape, parseReplicaName(name, REPLICATED).replica));
  const found = all.find((c) => c.name === name);
  if (!found) throw new Error(`Unknown component ${name}; known: ${all.map((c) => c.name).join(', ')}`);
  return found;
}

/**
 * Starts one component (unless it is already running) and waits until it is healthy. Its data
 * is kept: only `up` empties the test profile's data, once, before anything starts.
 * @param {import('./profiles.mjs').Profile} profile
 * @param {string} name
 * @param {number} [replicas] the replica shape being started (by default, the one running)
 */
export async function startComponent(profile, name, replicas) {
  const c = component(profile, name, replicas);
  if (isOurs(readState(profile)[name])) return;
  c.prepare?.(profile);
  const running = startProcess(profile, name, c.spec(profile));
  const ms = await waitUntilHealthy(name, () => c.healthy(profile, running), { timeoutMs: c.timeoutMs, log: running.log, pid: running.pid });
  log(profile.name, `${name} ready in ${duration(ms)} (pid ${running.pid}, log ${running.log})`);
}

/** @param {import('./profiles.mjs').Profile} profile @param {string} name */
export async function stopComponent(profile, name) {
  await stopProcess(profile, name);
}

/**
 * Starts the stack's components together (Keycloak takes longest), then the apps. The test
 * profile starts from empty data. With `replicas`, every app runs that many times (replicas.mjs).
 * @param {import('./profiles.mjs').Profile} profile
 * @param {{ apps?: boolean, replicas?: number }} [options]
 */
export async function up(profile, options = {}) {
  await cleanStale(profile);
  resetData(profile);
  if (sqliteFiles(profile).length > 0) {
    log(profile.name, `found data from the earlier SQLite store in ${profile.dataDir}/ferretdb: once the stack is up, \`npm run stack -- migrate --profile ${profile.name}\` copies it into PostgreSQL (nothing is deleted)`);
  }
  /** @type {Map<string, Promise<void>>} */
  const starting = new Map();
  /** @param {string} name @returns {Promise<void>} */
  const start = (name) => {
    let started = starting.get(name);
    if (!started) {
      started = Promise.all((component(profile, name).after ?? []).map(start)).then(() => startComponent(profile, name));
      starting.set(name, started);
    }
    return started;
  };
  await Promise.all(STACK.map((c) => start(c.name)));
  if (options.apps) {
    const replicas = options.replicas ?? 1;
    await setupJetStream(profile);
    for (const app of appComponents(replicas)) await startComponent(profile, app.name, replicas);
    await indexCollections(profile);
  }
}

/**
 * Creates or updates the JetStream streams and consumers (apps/jetstream-setup) as the NATS user
 * that alone may: the services only read their own consumer, so this runs before they start. The
 * same entry point a Helm Job runs. Idempotent.
 * @param {import('./profiles.mjs').Profile} profile
 */
export async function setupJetStream(profile) {
  await run(process.execPath, [join(ROOT, 'apps', 'jetstream-setup', 'dist', 'main.js')], {
    env: { ...appEnvironment(profile, 'jetstream-setup'), LOG_LEVEL: process.env.FLUENT_SETUP_LOG_LEVEL ?? 'warn' },
  });
  log(profile.name, 'JetStream streams and consumers set up');
}

/**
 * Publishes every known payment again for the consumers to apply (apps/payment-service
 * replay-payments, as payment-service), and waits until they have: see docs/operators.md#runbook-a-learner-paid-but-is-still-locked.
 * @param {import('./profiles.mjs').Profile} profile
 * @param {string[]} args
 */
export async function replayPayments(profile, args) {
  await run(process.execPath, [join(ROOT, 'apps', 'payment-service', 'dist', 'replay', 'command.js'), ...args], {
    env: appEnvironment(profile, 'payment-service'),
  });
}

/**
 * Announces dead-lettered attempts again for their writing feedback (apps/catalog-service
 * replay-attempts, as catalog-service), and waits until feedback-service has taken them: see
 * deploy/RUNBOOK.md, "Inspect and replay the dead-letter streams".
 * @param {import('./profiles.mjs').Profile} profile
 * @param {string[]} args
 */
export async function replayAttempts(profile, args) {
  await run(process.execPath, [join(ROOT, 'apps', 'catalog-service', 'dist', 'replay', 'command.js'), ...args], {
    env: appEnvironment(profile, 'catalog-service'),
  });
}

/**
 * Indexes the unlisted jumbled answers of attempts stored before the index existed, and applies
 * every accepted order to them again (apps/catalog-service rescore-jumbled-orders, as
 * catalog-service): see docs/operators.md, "Rescoring old attempts after an accepted order".
 * @param {import('./profiles.mjs').Profile} profile
 * @param {string[]} args
 */
export async function rescoreJumbledOrders(profile, args) {
  await run(process.execPath, [join(ROOT, 'apps', 'catalog-service', 'dist', 'jumbled-orders', 'rescore', 'command.js'), ...args], {
    env: appEnvironment(profile, 'catalog-service'),
  });
}

/**
 * The services create their collections and declared indexes as they start; the GIN indexes
 * FerretDB's PostgreSQL backend really uses are derived from those (ferretdb-indexes.mjs).
 * @param {import('./profiles.mjs').Profile} profile
 */
export async function indexCollections(profile) {
  const created = await ensureLookupIndexes(profile);
  if (created.length > 0) log(profile.name, `lookup indexes created: ${created.length}`);
}

/** Stops everything the profile's state file names, apps first. @param {import('./profiles.mjs').Profile} profile */
export async function down(profile) {
  const names = Object.keys(readState(profile));
  const order = allComponents(runningReplicas(profile)).map((c) => c.name).reverse().filter((n) => names.includes(n));
  const unknown = names.filter((n) => !order.includes(n));
  await Promise.all([...order, ...unknown].map((name) => stopProcess(profile, name)));
}

/**
 * A previous run that crashed may have left processes behind; they would hold the ports.
 * @param {import('./profiles.mjs').Profile} profile
 */
async function cleanStale(profile) {
  const state = readState(profile);
  const alive = Object.entries(state).filter(([, r]) => isOurs(r));
  if (alive.length > 0) {
    log(profile.name, `stopping processes left from an earlier run: ${alive.map(([n]) => n).join(', ')}`);
  }
  await down(profile);
}

/** @param {string} [name] */
export function profileFromArgs(name) {
  if (name && name !== 'dev' && name !== 'test') throw new Error(`Unknown profile ${name} (dev or test)`);
  return getProfile(/** @type {'dev' | 'test'} */ (name ?? 'dev'));
}
