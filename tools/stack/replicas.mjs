// @ts-check
/**
 * Replicas on one machine (`npm start -- --replicas 2`, `npm run stack -- up --apps --replicas 2`):
 * the shape the chart deploys. Each service runs N times in its NATS queue group; the gateway runs
 * N times behind the local balancer (balancer/), which takes the profile's gateway port. Replica 1
 * keeps the app's own name (`catalog-service`); the others are `catalog-service-2` … .
 *
 * Every process needs ports of its own: a gateway replica its HTTP port, and every replica its
 * metrics/probe port (the gateway's METRICS_PORT, a service's HEALTH_PORT). Replica 1 keeps the
 * ports profiles.mjs gives the app (metricsEnvironment); the rest are planned here, counted from the
 * profile's gateway port so that they move with it (several checkouts on one machine each move
 * their gateway port, never a port this file would invent): gateway replica r listens on
 * gateway + 70 + r, and replica r ≥ 2 of the metrics app number i (METRICS_APPS order) serves its
 * metrics on gateway + 80 + 6·(r − 2) + i. Tests' own extra gateways use offsets 56–64.
 */
import { METRICS_APPS, metricsEnvironment } from './profiles.mjs';

export const MAX_REPLICAS = 4;
const GATEWAY_REPLICA_OFFSET = 70;
const METRICS_REPLICA_OFFSET = 80;

/** @typedef {import('./profiles.mjs').Profile} Profile */

/**
 * The replica count a command line asks for (`--replicas N`), 1 when it names none.
 * @param {string | undefined} value
 */
export function parseReplicas(value) {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS) throw new Error(`--replicas takes a whole number from 1 to ${MAX_REPLICAS} (got ${value})`);
  return n;
}

/** The process name of replica `replica` (1-based) of `app`. @param {string} app @param {number} replica */
export const replicaName = (app, replica) => (replica === 1 ? app : `${app}-${replica}`);

/**
 * The app and replica number a process name stands for: `catalog-service-2` → catalog-service, 2.
 * Names that are not an app's replica come back as replica 1 of themselves.
 * @param {string} name
 * @param {readonly string[]} apps
 */
export function parseReplicaName(name, apps) {
  const match = /^(.*)-(\d+)$/.exec(name);
  if (match && apps.includes(/** @type {string} */ (match[1])) && Number(match[2]) >= 2) return { app: /** @type {string} */ (match[1]), replica: Number(match[2]) };
  return { app: name, replica: 1 };
}

/** The HTTP port of gateway replica `replica` behind the balancer. @param {Profile} profile @param {number} replica */
export const gatewayReplicaPort = (profile, replica) => profile.ports.gateway + GATEWAY_REPLICA_OFFSET + replica;

/**
 * The metrics settings of one replica of an app: replica 1's are the app's own (profiles.mjs);
 * the others get a port of their own, so that no two processes clash on one.
 * @param {Profile} profile
 * @param {string} app
 * @param {number} replica
 * @returns {Record<string, string>}
 */
export function replicaMetricsEnvironment(profile, app, replica) {
  if (replica === 1) return metricsEnvironment(profile, app);
  const index = METRICS_APPS.indexOf(app);
  if (index < 0) return {};
  const port = String(profile.ports.gateway + METRICS_REPLICA_OFFSET + METRICS_APPS.length * (replica - 2) + index);
  return app === 'gateway' ? { METRICS_PORT: port, METRICS_HOST: '127.0.0.1' } : { HEALTH_PORT: port, HEALTH_HOST: '127.0.0.1' };
}

/**
 * Every port the replicas of a profile take beyond the stack's own: what a test checks for clashes.
 * @param {Profile} profile
 * @param {number} replicas
 * @returns {Map<number, string>} port → what listens there
 */
export function replicaPortPlan(profile, replicas) {
  /** @type {Map<number, string>} */
  const plan = new Map();
  if (replicas < 2) return plan;
  for (let r = 1; r <= replicas; r++) {
    plan.set(gatewayReplicaPort(profile, r), `${replicaName('gateway', r)} http`);
    if (r === 1) continue;
    for (const app of METRICS_APPS) {
      const env = replicaMetricsEnvironment(profile, app, r);
      plan.set(Number(env.METRICS_PORT ?? env.HEALTH_PORT), `${replicaName(app, r)} metrics`);
    }
  }
  return plan;
}
