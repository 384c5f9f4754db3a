// @ts-check
import { join } from 'node:path';
import { DATA } from './paths.mjs';
import { profileSecrets, webhookSecret } from './secrets.mjs';
import { natsCredentials } from './nats-auth.mjs';
import { maskedLmHome } from './masked-lm.mjs';

/**
 * Two profiles so that `npm test` never collides with a running `npm start`: separate ports,
 * data folders and database. Every port can be moved with an environment variable:
 * FLUENT_PORT_<NAME> for dev, FLUENT_TEST_PORT_<NAME> for test (e.g. FLUENT_TEST_PORT_GATEWAY).
 */
const BASE_PORTS = {
  gateway: 3000,
  nats: 4222,
  natsMonitor: 8222,
  mongo: 27017,
  // Not 5432: a machine's own PostgreSQL usually listens there.
  postgres: 15432,
  keycloak: 8080,
  keycloakManagement: 9000,
  stripe: 12111,
  stripeHttps: 12112,
  // LanguageTool's own default port.
  languagetool: 8081,
  // Prometheus metrics: the gateway's METRICS_PORT here, each service's probe port (HEALTH_PORT,
  // which serves /metrics) on the next ones, in METRICS_APPS order.
  metrics: 9464,
};

/** The apps whose metrics the stack serves, in port order from `ports.metrics`. */
export const METRICS_APPS = ['gateway', 'auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service'];

/**
 * Where each app of the profile serves `/metrics` (127.0.0.1 only): the gateway on a port of its
 * own, each service on its probe port.
 * @param {Profile} profile
 * @returns {Record<string, string>} app → `http://127.0.0.1:<port>/metrics`
 */
export const metricsUrls = (profile) =>
  Object.fromEntries(METRICS_APPS.map((app, i) => [app, `http://127.0.0.1:${profile.ports.metrics + i}/metrics`]));

/**
 * The metrics settings of one of the stack's own app processes (not of the extra replicas tests
 * start, which would find the port taken): the gateway's METRICS_PORT, a service's HEALTH_PORT.
 * @param {Profile} profile
 * @param {string} app
 * @returns {Record<string, string>}
 */
export function metricsEnvironment(profile, app) {
  const index = METRICS_APPS.indexOf(app);
  if (index < 0) return {};
  const port = String(profile.ports.metrics + index);
  return app === 'gateway' ? { METRICS_PORT: port, METRICS_HOST: '127.0.0.1' } : { HEALTH_PORT: port, HEALTH_HOST: '127.0.0.1' };
}

/** @typedef {keyof typeof BASE_PORTS} PortName */
/** @typedef {{ name: 'dev' | 'test', dataDir: string, logDir: string, ports: Record<PortName, number>, database: string }} Profile */

/**
 * @param {'dev' | 'test'} name
 * @returns {Profile}
 */
export function getProfile(name) {
  const offset = name === 'test' ? 100 : 0;
  const prefix = name === 'test' ? 'FLUENT_TEST_PORT_' : 'FLUENT_PORT_';
  /** @type {Record<PortName, number>} */
  const ports = { ...BASE_PORTS };
  for (const key of /** @type {PortName[]} */ (Object.keys(BASE_PORTS))) {
    const envName = prefix + key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
    ports[key] = Number(process.env[envName] ?? BASE_PORTS[key] + offset);
  }
  const dataDir = join(DATA, name);
  return { name, dataDir, logDir: join(dataDir, 'logs'), ports, database: name === 'test' ? 'fluent_test' : 'fluent' };
}

/** payment-service's stripe-mock key (its development default): what offline mode runs on. */
const STRIPE_MOCK_KEY = 'sk_test_fluentLocalDevKey';

/**
 * Live Stripe (dev profile only): the publishable key in the environment (.env) switches
 * payment-service to Stripe's own API, so stripe-mock's address is not passed then.
 * @param {Profile} profile
 */
export const stripeLive = (profile) => profile.name === 'dev' && !!process.env.STRIPE_PUBLISHABLE_KEY;

/**
 * The environment the apps get in a profile: where NATS, the database, Keycloak and stripe-mock
 * are. Values from the caller's environment (.env) win, except in the test profile where the
 * stack's own addresses are forced. An app (named) also gets its own NATS user and password
 * (tools/stack/nats-auth.mjs).
 * @param {Profile} profile
 * @param {string} [app]
 * @returns {Record<string, string>}
 */
export function appEnvironment(profile, app) {
  const p = profile.ports;
  const stack = {
    NATS_URL: `nats://127.0.0.1:${p.nats}`,
    MONGODB_URI: `mongodb://127.0.0.1:${p.mongo}/${profile.database}`,
    KEYCLOAK_URL: `http://127.0.0.1:${p.keycloak}`,
    KEYCLOAK_PUBLIC_URL: `http://127.0.0.1:${p.keycloak}`,
    ...(stripeLive(profile) ? {} : { STRIPE_API_BASE: `http://127.0.0.1:${p.stripe}` }),
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(p.gateway),
    WEB_ORIGIN: `http://localhost:${p.gateway}`,
    LANGUAGETOOL_URL: `http://127.0.0.1:${p.languagetool}`,
  };
  // One secret per client for both sides: the realm (Keycloak renders its placeholders from these;
  // Keycloak and the test harness ask without an app) and auth-service, the only app that holds them.
  if (!app || app === 'auth-service') {
    const secrets = profileSecrets(profile);
    Object.assign(stack, {
      ...secrets,
      KEYCLOAK_ADMIN_CLIENT_SECRET: secrets.FLUENT_AUTH_CLIENT_SECRET,
      KEYCLOAK_WEB_CLIENT_SECRET: secrets.FLUENT_WEB_CLIENT_SECRET,
    });
  }
  // The webhook secret: payment-service only (and the test harness, which signs webhooks of its own).
  if (!app || app === 'payment-service') {
    Object.assign(stack, {
      STRIPE_WEBHOOK_SECRET: webhookSecret(profile),
      // Chosen by name: payment-service never falls into offline mode by itself.
      PAYMENT_MODE: stripeLive(profile) ? 'live' : 'offline',
      // Offline mode delivers its test-card events to the gateway's webhook endpoint, like Stripe.
      OFFLINE_WEBHOOK_URL: `http://127.0.0.1:${p.gateway}/api/payments/webhook`,
    });
  }
  // The masked language model the stack installs (masked-lm.mjs), for feedback-service alone.
  // Missing files are not an error: the service then checks with LanguageTool and Harper only.
  if (app === 'feedback-service') Object.assign(stack, { MASKED_LM_DIR: maskedLmHome() });
  if (app) Object.assign(stack, natsCredentials(profile, app));
  const defaults = { NODE_ENV: profile.name === 'test' ? 'test' : 'development', LOG_LEVEL: 'info' };
  // Tests sign in far more often than a person would; the limits stay on, just higher. The first
  // sign-up after a fresh start (cold Keycloak and FerretDB) can take over 5 s on a shared 2-core
  // machine, so the test profile gives requests longer (NATS_REQUEST_TIMEOUT_MS still moves it).
  // One Keycloak call gets 8 s instead of 3 for the same reason (a busy JVM, not an outage: the
  // outage tests stop Keycloak, which fails at once). A short refresh grace lets the tests see a
  // rotated refresh token refused within seconds.
  if (profile.name === 'test') {
    const timeout = process.env.NATS_REQUEST_TIMEOUT_MS ?? '15000';
    const keycloakTimeout = process.env.KEYCLOAK_TIMEOUT_MS ?? '8000';
    // Always offline, whatever Stripe keys .env holds: tests never reach the internet.
    const offline = { STRIPE_SECRET_KEY: STRIPE_MOCK_KEY, STRIPE_PUBLISHABLE_KEY: '', ...(!app || app === 'payment-service' ? { PAYMENT_MODE: 'offline' } : {}) };
    return {
      ...defaults,
      ...stack,
      ...offline,
      AUTH_RATE_LIMIT: '300',
      API_RATE_LIMIT: '5000',
      NATS_REQUEST_TIMEOUT_MS: timeout,
      KEYCLOAK_TIMEOUT_MS: keycloakTimeout,
      REFRESH_GRACE_SECONDS: '4',
      // Payment consumers retry at test speed (a database outage of seconds is many tries), and
      // blog-service's housekeeping (page-view rollups, retention) runs every few seconds.
      PAYMENT_EVENT_RETRY_MS: '200',
      PAYMENT_EVENT_RETRY_MAX_MS: '1000',
      PAYMENT_EVENT_ALERT_AFTER: '5',
      HOUSEKEEPING_INTERVAL_MS: '2000',
      PAGE_VIEW_SETTLE_MS: '3000',
    };
  }
  /** @type {Record<string, string>} */
  const fromEnv = {};
  // Each app's NATS user is its own (FLUENT_NATS_PASSWORD_<APP> moves a password), never one shared NATS_USER.
  const perApp = new Set(['NATS_USER', 'NATS_PASSWORD']);
  for (const key of Object.keys(stack)) if (process.env[key] && !perApp.has(key)) fromEnv[key] = /** @type {string} */ (process.env[key]);
  return { ...defaults, ...stack, ...fromEnv };
}
