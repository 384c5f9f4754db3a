// @ts-check
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** @typedef {import('./profiles.mjs').Profile} Profile */

/**
 * Secrets of a local profile, kept in one JSON file of its data folder (gitignored, readable by
 * its owner only): each name is read from the environment (`fromEnv(name)`) when set there, else
 * from the file, else made at random once and written to the file.
 * @param {string} file
 * @param {string[]} names
 * @param {(name: string) => string | undefined} fromEnv
 * @returns {Record<string, string>}
 */
export function storedSecrets(file, names, fromEnv) {
  /** @type {Record<string, string>} */
  let stored = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      stored = {};
    }
  }
  let changed = false;
  /** @type {Record<string, string>} */
  const secrets = {};
  for (const name of names) {
    const given = fromEnv(name);
    if (given) {
      secrets[name] = given;
      continue;
    }
    if (typeof stored[name] !== 'string' || stored[name].length < 32) {
      stored[name] = randomBytes(24).toString('base64url');
      changed = true;
    }
    secrets[name] = stored[name];
  }
  if (changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}

/**
 * The Keycloak client secrets of a local profile, so no local stack runs on a secret published in
 * the repository. The environment wins (FLUENT_AUTH_CLIENT_SECRET, FLUENT_WEB_CLIENT_SECRET).
 * @param {Profile} profile
 * @returns {{ FLUENT_AUTH_CLIENT_SECRET: string, FLUENT_WEB_CLIENT_SECRET: string }}
 */
export function profileSecrets(profile) {
  const secrets = storedSecrets(join(profile.dataDir, 'secrets.json'), ['FLUENT_AUTH_CLIENT_SECRET', 'FLUENT_WEB_CLIENT_SECRET'], (name) => process.env[name]);
  return {
    FLUENT_AUTH_CLIENT_SECRET: /** @type {string} */ (secrets.FLUENT_AUTH_CLIENT_SECRET),
    FLUENT_WEB_CLIENT_SECRET: /** @type {string} */ (secrets.FLUENT_WEB_CLIENT_SECRET),
  };
}

/**
 * The Stripe webhook signing secret of a local profile: offline mode signs its test-card events with
 * it and payment-service verifies every webhook with it. In the dev profile STRIPE_WEBHOOK_SECRET
 * from the environment wins (live mode: the `whsec_…` of your endpoint or of `stripe listen`); the
 * test profile always uses its own, since it always runs offline.
 * @param {Profile} profile
 * @returns {string}
 */
export function webhookSecret(profile) {
  const fromEnv = profile.name === 'dev' ? (/** @type {string} */ name) => process.env[name] : () => undefined;
  return /** @type {string} */ (storedSecrets(join(profile.dataDir, 'secrets.json'), ['STRIPE_WEBHOOK_SECRET'], fromEnv).STRIPE_WEBHOOK_SECRET);
}
