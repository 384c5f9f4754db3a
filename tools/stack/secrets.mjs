// @ts-check
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('./profiles.mjs').Profile} Profile */

/**
 * The Keycloak client secrets of a local profile: random, made once per data folder (gitignored,
 * readable by its owner only), so no local stack runs on a secret published in the repository.
 * The environment wins (FLUENT_AUTH_CLIENT_SECRET, FLUENT_WEB_CLIENT_SECRET).
 * @param {Profile} profile
 * @returns {{ FLUENT_AUTH_CLIENT_SECRET: string, FLUENT_WEB_CLIENT_SECRET: string }}
 */
export function profileSecrets(profile) {
  const file = join(profile.dataDir, 'secrets.json');
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
  for (const name of ['FLUENT_AUTH_CLIENT_SECRET', 'FLUENT_WEB_CLIENT_SECRET']) {
    if (typeof stored[name] !== 'string' || stored[name].length < 32) {
      stored[name] = randomBytes(24).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(profile.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    FLUENT_AUTH_CLIENT_SECRET: process.env.FLUENT_AUTH_CLIENT_SECRET || /** @type {string} */ (stored.FLUENT_AUTH_CLIENT_SECRET),
    FLUENT_WEB_CLIENT_SECRET: process.env.FLUENT_WEB_CLIENT_SECRET || /** @type {string} */ (stored.FLUENT_WEB_CLIENT_SECRET),
  };
}
