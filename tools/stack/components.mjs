// @ts-check
/**
 * The local stack: what each component is, how it starts in a profile and how we know it is
 * ready. Everything listens on 127.0.0.1 only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT } from './paths.mjs';
import { VERSIONS } from './versions.mjs';
import { keycloakHome } from './install.mjs';
import { languageToolReady, languageToolSpec } from './languagetool.mjs';
import { natsServerConfig } from './nats-auth.mjs';
import { postgresDataDir, postgresReady, postgresSpec, postgresUrl, preparePostgres } from './postgres.mjs';
import { appEnvironment } from './profiles.mjs';
import { gatewayReplicaPort, replicaMetricsEnvironment, replicaName } from './replicas.mjs';
import { inProcessGroup, isAlive } from './supervisor.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {import('./supervisor.mjs').Running} Running */
/** @typedef {import('./supervisor.mjs').ProcessSpec} ProcessSpec */
/**
 * `healthy` is asked about the process we started (`running`): a component is ready when that
 * process answers, not when something else happens to hold its port.
 * `after` names the components that must be ready before this one starts.
 * @typedef {{
 *   name: string,
 *   after?: string[],
 *   prepare?: (profile: Profile) => void,
 *   spec: (profile: Profile) => ProcessSpec,
 *   healthy: (profile: Profile, running: Running) => Promise<boolean>,
 *   timeoutMs: number,
 * }} Component
 */

export const REALM_FILE = join(ROOT, 'deploy', 'keycloak', 'realm.json');
export const RESTART_ON_CRASH = join(ROOT, 'tools', 'stack', 'restart-on-crash.mjs');

/** @param {string} url @param {RequestInit} [init] */
async function answersOk(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/**
 * The INFO line a NATS server sends first on every client connection.
 * @param {number} port
 * @returns {Promise<Record<string, unknown> | undefined>}
 */
export function natsInfo(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = '';
    /** @param {Record<string, unknown> | undefined} value */
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(2000, () => done(undefined));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end < 0) {
        if (buffer.length > 64 * 1024) done(undefined);
        return;
      }
      const line = buffer.slice(0, end);
      if (!line.startsWith('INFO ')) return done(undefined);
      try {
        done(JSON.parse(line.slice(5)));
      } catch {
        done(undefined);
      }
    });
    socket.once('error', () => done(undefined));
    socket.once('end', () => done(undefined));
  });
}

/**
 * NATS is ready when the server on its client port and on its monitor port is the one we started
 * (the server name is new on every start) and JetStream is up.
 * @param {Profile} profile
 * @param {Running} running
 */
export async function natsReady(profile, running) {
  if (!isAlive(running.pid) || !running.identity) return false;
  const info = await natsInfo(profile.ports.nats);
  if (info?.server_name !== running.identity) return false;
  const monitor = `http://127.0.0.1:${profile.ports.natsMonitor}`;
  const varz = await fetch(`${monitor}/varz`, { signal: AbortSignal.timeout(2000) });
  if (!varz.ok || (await varz.json()).server_name !== running.identity) return false;
  return answersOk(`${monitor}/healthz?js-enabled-only=true`);
}

/**
 * FerretDB is ready when a MongoDB `serverStatus` on its port answers from FerretDB
 * (`ferretdbVersion`) running as the process we started (or one its supervisor started again).
 * @param {Profile} profile
 * @param {Running} running
 */
export async function ferretdbReady(profile, running) {
  if (!isAlive(running.pid)) return false;
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(`mongodb://127.0.0.1:${profile.ports.mongo}/`, {
    directConnection: true,
    serverSelectionTimeoutMS: 1500,
    connectTimeoutMS: 1500,
    socketTimeoutMS: 2000,
  });
  try {
    const status = await client.db('admin').command({ serverStatus: 1 });
    return typeof status.ferretdbVersion === 'string' && inProcessGroup(Number(status.pid), running.pid);
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The folders the test profile empties at the start of every run (see resetData). */
const TEST_DATA = ['nats', 'ferretdb', join('keycloak', 'data', 'h2')];

/**
 * The test profile starts from empty data: `up` calls this once, before anything starts.
 * Restarting one component (startComponent, as the health tests do) keeps its data.
 * @param {Profile} profile
 */
export function resetData(profile) {
  if (profile.name !== 'test') return;
  for (const dir of TEST_DATA) rmSync(join(profile.dataDir, dir), { recursive: true, force: true });
  rmSync(postgresDataDir(profile), { recursive: true, force: true });
}

/** @param {Profile} profile @param {string} dir */
function dataFolder(profile, dir) {
  const path = join(profile.dataDir, dir);
  mkdirSync(path, { recursive: true });
  return path;
}

/**
 * NATS with JetStream, every app as its own user (nats-auth.mjs). The configuration, passwords
 * included, is written to the profile's data folder (mode 600).
 * @type {Component}
 */
const nats = {
  name: 'nats',
  spec: (profile) => {
    const serverName = `fluent-${profile.name}-${randomUUID()}`;
    const configFile = join(profile.dataDir, 'nats-server.conf');
    const config = natsServerConfig(profile, { serverName, storeDir: dataFolder(profile, 'nats') });
    writeFileSync(configFile, config, { mode: 0o600 });
    chmodSync(configFile, 0o600);
    return { command: join(BIN, 'nats-server'), args: ['-c', configFile], identity: serverName };
  },
  healthy: natsReady,
  timeoutMs: 20_000,
};

/**
 * PostgreSQL under FerretDB (postgres.mjs): FerretDB on SQLite scans every document on every
 * query; on PostgreSQL the GIN indexes of ferretdb-indexes.mjs serve its filters.
 * @type {Component}
 */
const postgres = {
  name: 'postgres',
  prepare: preparePostgres,
  spec: postgresSpec,
  healthy: postgresReady,
  timeoutMs: 30_000,
};

/** @type {Component} */
const ferretdb = {
  name: 'ferretdb',
  after: ['postgres'],
  spec: (profile) => {
    const dir = dataFolder(profile, 'ferretdb');
    return {
      command: join(BIN, 'ferretdb'),
      args: [
        '--handler=postgresql',
        `--listen-addr=127.0.0.1:${profile.ports.mongo}`,
        `--state-dir=${dir}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=warn',
      ],
      // The URL carries the profile's database password: in the environment, not on the command line.
      env: { FERRETDB_POSTGRESQL_URL: postgresUrl(profile) },
    };
  },
  healthy: ferretdbReady,
  timeoutMs: 20_000,
};

/** @type {Component} */
const stripeMock = {
  name: 'stripe-mock',
  spec: (profile) => ({
    command: join(BIN, 'stripe-mock'),
    args: ['-http-port', String(profile.ports.stripe), '-https-port', String(profile.ports.stripeHttps)],
  }),
  healthy: (profile) =>
    answersOk(`http://127.0.0.1:${profile.ports.stripe}/v1/balance`, { headers: { Authorization: 'Bearer sk_test_health' } }),
  timeoutMs: 20_000,
};

/**
 * The realm as Keycloak imports it: `${VAR}` / `${VAR:default}` placeholders (also `${env.VAR}`
 * and `${A,B:default}`) replaced from the environment; unknown ones without a default stay as
 * they are, as Keycloak leaves them.
 * @param {string} template
 * @param {Record<string, string | undefined>} env
 */
export function renderRealm(template, env) {
  return template.replace(/\$\{([^{}]+)\}/g, (whole, /** @type {string} */ expression) => {
    const colon = expression.indexOf(':');
    const names = colon < 0 ? expression : expression.slice(0, colon);
    for (const name of names.split(',')) {
      const key = name.trim().replace(/^env\./, '');
      const value = env[key];
      if (value !== undefined) return value;
    }
    return colon < 0 ? whole : expression.slice(colon + 1);
  });
}

/** The environment Keycloak runs with (startProcess adds the spec's env to ours). @param {Profile} profile */
function keycloakEnvironment(profile) {
  return {
    KC_BOOTSTRAP_ADMIN_USERNAME: process.env.KC_BOOTSTRAP_ADMIN_USERNAME ?? 'admin',
    KC_BOOTSTRAP_ADMIN_PASSWORD: process.env.KC_BOOTSTRAP_ADMIN_PASSWORD ?? 'admin',
    JAVA_OPTS_KC_HEAP: process.env.JAVA_OPTS_KC_HEAP ?? '-Xms64m -Xmx640m',
    ...appEnvironment(profile),
  };
}

/**
 * A fingerprint of the realm Keycloak would import now: realm.json rendered with the environment
 * Keycloak gets, so a changed secret or client id (FLUENT_AUTH_CLIENT_SECRET, GOOGLE_CLIENT_ID …)
 * counts as a change, not only a changed file.
 * @param {Profile} profile
 */
export function realmFingerprint(profile) {
  const rendered = renderRealm(readFileSync(REALM_FILE, 'utf8'), { ...process.env, ...keycloakEnvironment(profile) });
  return createHash('sha256').update(rendered).digest('hex');
}

/**
 * Each profile runs its own copy of the Keycloak distribution: start-dev keeps its H2 database,
 * transaction logs and build state inside the home folder. An existing realm is never
 * re-imported, so the database is reset when the rendered realm changes (and by resetData at the
 * start of every test run).
 * @param {Profile} profile
 */
export function prepareKeycloak(profile) {
  const home = join(profile.dataDir, 'keycloak');
  const versionFile = join(home, 'fluent-version.txt');
  if (!existsSync(versionFile) || readFileSync(versionFile, 'utf8').trim() !== VERSIONS.keycloak) {
    rmSync(home, { recursive: true, force: true });
    cpSync(keycloakHome(), home, { recursive: true });
    writeFileSync(versionFile, `${VERSIONS.keycloak}\n`);
  }
  const hash = realmFingerprint(profile);
  const hashFile = join(home, 'data', 'realm.sha256');
  const previous = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
  if (previous !== hash) rmSync(join(home, 'data', 'h2'), { recursive: true, force: true });
  mkdirSync(join(home, 'data', 'import'), { recursive: true });
  writeFileSync(join(home, 'data', 'import', 'fluent-realm.json'), readFileSync(REALM_FILE));
  writeFileSync(hashFile, `${hash}\n`);
}

/**
 * Keycloak options of ours, the same in the stack, docker/compose.yaml and the chart (tests/ops
 * checks they agree). Concurrent sign-ins of one account are allowed: Keycloak 26 otherwise refuses
 * one while another is in progress ("user temporarily disabled", which learners hear as a wrong
 * password) and keeps that mark until after its answer, so under load even the next sign-in in
 * sequence was refused. What that blocking guards against, parallel guesses slipping past the
 * failure count, the gateway already stops: it counts every password check before Keycloak sees
 * it (sign-in-attempts.ts), and no password check gets around it (the realm's browser flow has no
 * password form, no public client takes passwords, the chart's Ingress routes no token endpoint
 * and compose publishes Keycloak on loopback): tests/ops/support/realm.ts and the ops tests that
 * check this option fail if that stops being true.
 */
export const KEYCLOAK_OPTIONS = ['--spi-brute-force-protector--default-brute-force-detector--allow-concurrent-requests=true'];

/** @type {Component} */
const keycloak = {
  name: 'keycloak',
  prepare: prepareKeycloak,
  spec: (profile) => ({
    command: join(profile.dataDir, 'keycloak', 'bin', 'kc.sh'),
    args: [
      'start-dev',
      '--import-realm',
      '--http-host=127.0.0.1',
      `--http-port=${profile.ports.keycloak}`,
      `--http-management-port=${profile.ports.keycloakManagement}`,
      ...KEYCLOAK_OPTIONS,
    ],
    env: keycloakEnvironment(profile),
    // kc.sh execs java, whose command line names the home folder but not kc.sh.
    match: join(profile.dataDir, 'keycloak'),
  }),
  healthy: (profile) => answersOk(`http://127.0.0.1:${profile.ports.keycloak}/realms/fluent/.well-known/openid-configuration`),
  timeoutMs: 240_000,
};

/**
 * LanguageTool's HTTP server (languagetool.mjs): ready once an English check has loaded its rules.
 * @type {Component}
 */
const languagetool = {
  name: 'languagetool',
  spec: languageToolSpec,
  // Our process, answering: another LanguageTool on the port must not pass for it.
  healthy: async (profile, running) => isAlive(running.pid) && (await languageToolReady(profile)),
  timeoutMs: 180_000,
};

/**
 * Infrastructure runs under the local supervisor too (restart-on-crash.mjs), as Kubernetes restarts
 * a crashed pod: a NATS server or database killed outright comes back by itself, with backoff.
 * Its readiness checks accept the process the supervisor started (inProcessGroup).
 * @param {Component} component
 * @returns {Component}
 */
const restartedOnCrash = (component) => ({ ...component, spec: (profile) => supervised(component.name, component.spec(profile)) });

/** The stack's components, in start order. */
export const STACK = [nats, postgres, ferretdb, stripeMock, keycloak, languagetool].map(restartedOnCrash);

export const SERVICES = ['auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'];

/**
 * An app runs under the local supervisor (restart-on-crash.mjs), which restarts it when it crashes. It
 * connects to NATS as its own user. Replica 1 is the app itself; with `--replicas`, replica r ≥ 2
 * is the same app under another name, with metrics ports of its own (replicas.mjs). The gateway's
 * replicas, behind the balancer, each listen on a port of their own.
 * @param {string} app
 * @param {{ replica?: number, port?: (profile: Profile) => number }} [options]
 * @returns {Component}
 */
function nodeApp(app, options = {}) {
  const replica = options.replica ?? 1;
  const name = replicaName(app, replica);
  const main = join(ROOT, 'apps', app, 'dist', 'main.js');
  return {
    name,
    spec: (profile) => {
      const env = { ...appEnvironment(profile, app), ...replicaMetricsEnvironment(profile, app, replica) };
      if (options.port) env.GATEWAY_PORT = String(options.port(profile));
      return supervised(name, { command: process.execPath, args: ['--enable-source-maps', main], cwd: ROOT, env, match: main });
    },
    // A service is ready when the gateway's health check sees it; see waitForApps.
    healthy: async () => true,
    timeoutMs: 60_000,
  };
}

/**
 * The same process, started by restart-on-crash. restart-on-crash's command line keeps the app's own
 * command, so `match` (what stale-pid checks look for) stays the app's.
 * @param {string} name
 * @param {ProcessSpec} spec
 * @returns {ProcessSpec}
 */
export function supervised(name, spec) {
  return {
    ...spec,
    command: process.execPath,
    args: [RESTART_ON_CRASH, name, spec.command, ...spec.args],
    match: spec.match ?? spec.command,
  };
}

/**
 * A gateway replica, healthy when it answers on its own port (the profile's gateway port when it
 * runs alone, a replica port of its own behind the balancer).
 * @param {number} replica
 * @param {boolean} balanced
 * @returns {Component}
 */
function gatewayApp(replica, balanced) {
  /** @param {Profile} profile */
  const port = (profile) => (balanced ? gatewayReplicaPort(profile, replica) : profile.ports.gateway);
  return {
    ...nodeApp('gateway', { replica, port }),
    healthy: (profile) => answersOk(`http://127.0.0.1:${port(profile)}/api/health`),
  };
}

export const BALANCER = join(ROOT, 'tools', 'stack', 'balancer', 'balancer.mjs');

/**
 * The local balancer (balancer/balancer.mjs) on the profile's gateway port, in front of `replicas`
 * gateways; supervised like the apps. Healthy when a request through it reaches a gateway.
 * @param {number} replicas
 * @returns {Component}
 */
function balancer(replicas) {
  return {
    name: 'balancer',
    spec: (profile) =>
      supervised('balancer', {
        command: process.execPath,
        args: [BALANCER],
        cwd: ROOT,
        env: {
          FLUENT_BALANCER_LISTEN: `127.0.0.1:${profile.ports.gateway}`,
          FLUENT_BALANCER_BACKENDS: Array.from({ length: replicas }, (_, i) => `127.0.0.1:${gatewayReplicaPort(profile, i + 1)}`).join(','),
        },
        match: BALANCER,
      }),
    healthy: (profile) => answersOk(`http://127.0.0.1:${profile.ports.gateway}/api/health/live`),
    timeoutMs: 30_000,
  };
}

/**
 * The apps, in start order, with `replicas` of each: the services first, then the gateway(s), which
 * are healthy only when every service is; with more than one gateway, the balancer last.
 * @param {number} [replicas]
 * @returns {Component[]}
 */
export function appComponents(replicas = 1) {
  const each = Array.from({ length: replicas }, (_, i) => i + 1);
  const services = SERVICES.flatMap((app) => each.map((replica) => nodeApp(app, { replica })));
  const gateways = each.map((replica) => gatewayApp(replica, replicas > 1));
  return [...services, ...gateways, ...(replicas > 1 ? [balancer(replicas)] : [])];
}

/** The apps of a stack without replicas. */
export const APPS = appComponents(1);
