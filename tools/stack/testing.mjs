// @ts-check
/** Helpers for the stack scripts' unit tests: throwaway profiles, free ports, stand-in processes. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
export { freePort } from './free-port.mjs';

/**
 * A profile whose data lives in a fresh temporary folder.
 * @param {'dev' | 'test'} name
 * @param {Partial<import('./profiles.mjs').Profile['ports']>} [ports]
 * @returns {import('./profiles.mjs').Profile & { cleanup: () => void }}
 */
export function tempProfile(name, ports = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `fluent-${name}-`));
  return {
    name,
    dataDir,
    logDir: join(dataDir, 'logs'),
    ports: { gateway: 0, nats: 0, natsMonitor: 0, mongo: 0, postgres: 0, keycloak: 0, keycloakManagement: 0, stripe: 0, stripeHttps: 0, languagetool: 0, metrics: 0, ...ports },
    database: 'fluent_unit',
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}


/**
 * A `node -e` child that idles until killed: a stand-in for an unrelated process.
 * @param {string} [marker] text its command line carries
 */
export function idleProcess(marker = 'unrelated') {
  const child = spawn(process.execPath, ['-e', `setInterval(() => {}, 1000) /* ${marker} */`], { stdio: 'ignore' });
  return child;
}

/** @param {() => boolean} condition @param {number} [timeoutMs] */
export async function waitFor(condition, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
