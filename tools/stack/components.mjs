// @ts-check
/**
 * The local stack: what each component is, how it starts in a profile and how we know it is
 * ready. Everything listens on 127.0.0.1 only.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT } from './paths.mjs';
import { VERSIONS } from './versions.mjs';
import { keycloakHome } from './install.mjs';
import { appEnvironment } from './profiles.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/**
 * @typedef {{
 *   name: string,
 *   prepare?: (profile: Profile) => void,
 *   spec: (profile: Profile) => { command: string, args: string[], cwd?: string, env?: Record<string, string> },
 *   healthy: (profile: Profile) => Promise<boolean>,
 *   timeoutMs: number,
 * }} Component
 */

export const REALM_FILE = join(ROOT, 'deploy', 'keycloak', 'realm.json');

/** @param {string} url @param {RequestInit} [init] */
async function answersOk(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/** @param {number} port */
function acceptsTcp(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The test profile starts from empty data every run; dev keeps its data. @param {Profile} profile @param {string} dir */
function dataFolder(profile, dir) {
  const path = join(profile.dataDir, dir);
  if (profile.name === 'test') rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return path;
}

/** @type {Component} */
const nats = {
  name: 'nats',
  spec: (profile) => ({
    command: join(BIN, 'nats-server'),
    args: ['-js', '-sd', dataFolder(profile, 'nats'), '-a', '127.0.0.1', '-p', String(profile.ports.nats), '-m', String(profile.ports.natsMonitor)],
  }),
  healthy: (profile) => answersOk(`http://127.0.0.1:${profile.ports.natsMonitor}/healthz?js-enabled-only=true`),
  timeoutMs: 20_000,
};

/** @type {Component} */
const ferretdb = {
  name: 'ferretdb',
  spec: (profile) => {
    const dir = dataFolder(profile, 'ferretdb');
    return {
      command: join(BIN, 'ferretdb'),
      args: [
        '--handler=sqlite',
        `--sqlite-url=file:${dir}/`,
        `--listen-addr=127.0.0.1:${profile.ports.mongo}`,
        `--state-dir=${dir}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=warn',
      ],
    };
  },
  healthy: (profile) => acceptsTcp(profile.ports.mongo),
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
 * Each profile runs its own copy of the Keycloak distribution: start-dev keeps its H2 database,
 * transaction logs and build state inside the home folder. An existing realm is never
 * re-imported, so the database is reset when realm.json changes (always, in the test profile).
 * @param {Profile} profile
 */
function prepareKeycloak(profile) {
  const home = join(profile.dataDir, 'keycloak');
  const versionFile = join(home, 'fluent-version.txt');
  if (!existsSync(versionFile) || readFileSync(versionFile, 'utf8').trim() !== VERSIONS.keycloak) {
    rmSync(home, { recursive: true, force: true });
    cpSync(keycloakHome(), home, { recursive: true });
    writeFileSync(versionFile, `${VERSIONS.keycloak}\n`);
  }
  const realm = readFileSync(REALM_FILE);
  const hash = createHash('sha256').update(realm).digest('hex');
  const hashFile = join(home, 'data', 'realm.sha256');
  const previous = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
  if (profile.name === 'test' || previous !== hash) rmSync(join(home, 'data', 'h2'), { recursive: true, force: true });
  mkdirSync(join(home, 'data', 'import'), { recursive: true });
  writeFileSync(join(home, 'data', 'import', 'fluent-realm.json'), realm);
  writeFileSync(hashFile, `${hash}\n`);
}

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
    ],
    env: {
      KC_BOOTSTRAP_ADMIN_USERNAME: process.env.KC_BOOTSTRAP_ADMIN_USERNAME ?? 'admin',
      KC_BOOTSTRAP_ADMIN_PASSWORD: process.env.KC_BOOTSTRAP_ADMIN_PASSWORD ?? 'admin',
      JAVA_OPTS_KC_HEAP: process.env.JAVA_OPTS_KC_HEAP ?? '-Xms64m -Xmx640m',
      ...appEnvironment(profile),
    },
  }),
  healthy: (profile) => answersOk(`http://127.0.0.1:${profile.ports.keycloak}/realms/fluent/.well-known/openid-configuration`),
  timeoutMs: 240_000,
};

/** The stack's components, in start order. */
export const STACK = [nats, ferretdb, stripeMock, keycloak];

export const SERVICES = ['auth-service', 'catalog-service', 'payment-service', 'blog-service'];

/** @param {string} app @returns {Component} */
function nodeApp(app) {
  return {
    name: app,
    spec: (profile) => ({
      command: process.execPath,
      args: ['--enable-source-maps', join(ROOT, 'apps', app, 'dist', 'main.js')],
      cwd: ROOT,
      env: appEnvironment(profile),
    }),
    // A service is ready when the gateway's health check sees it; see waitForApps.
    healthy: async () => true,
    timeoutMs: 60_000,
  };
}

/** @type {Component} */
const gateway = {
  ...nodeApp('gateway'),
  healthy: (profile) => answersOk(`http://127.0.0.1:${profile.ports.gateway}/api/health`),
};

/** The apps, in start order: the gateway last, and it is healthy only when every service is. */
export const APPS = [...SERVICES.map(nodeApp), gateway];
