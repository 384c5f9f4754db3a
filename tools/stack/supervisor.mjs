// @ts-check
/**
 * Starts long-running processes detached, each with its own log file, and remembers their pids in
 * <profile>/state.json so that any process (the start script, the test runner, a test that stops
 * a component on purpose, or the next run cleaning up after a crash) can stop them by pid.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {{ pid: number, startedAt: string, log: string, command: string }} Running */

/** @param {Profile} profile */
const stateFile = (profile) => join(profile.dataDir, 'state.json');

/** @param {Profile} profile @returns {Record<string, Running>} */
export function readState(profile) {
  try {
    return JSON.parse(readFileSync(stateFile(profile), 'utf8'));
  } catch {
    return {};
  }
}

/** @param {Profile} profile @param {Record<string, Running>} state */
function writeState(profile, state) {
  mkdirSync(profile.dataDir, { recursive: true });
  writeFileSync(stateFile(profile), `${JSON.stringify(state, null, 2)}\n`);
}

/** @param {number} pid */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {Profile} profile
 * @param {string} name
 * @param {{ command: string, args: string[], cwd?: string, env?: Record<string, string> }} spec
 * @returns {Running}
 */
export function startProcess(profile, name, spec) {
  mkdirSync(profile.logDir, { recursive: true });
  const log = join(profile.logDir, `${name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', fd, fd],
    // Its own process group, so stopping it also stops what it spawned (kc.sh starts java).
    detached: true,
  });
  closeSync(fd);
  if (!child.pid) throw new Error(`${name}: could not start ${spec.command}`);
  child.unref();
  const running = { pid: child.pid, startedAt: new Date().toISOString(), log, command: [spec.command, ...spec.args].join(' ') };
  writeState(profile, { ...readState(profile), [name]: running });
  return running;
}

/**
 * Stops a process group with SIGTERM, then SIGKILL after `graceMs`.
 * @param {Profile} profile
 * @param {string} name
 * @param {number} [graceMs]
 */
export async function stopProcess(profile, name, graceMs = 10_000) {
  const state = readState(profile);
  const running = state[name];
  if (running && isAlive(running.pid)) {
    signalGroup(running.pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (isAlive(running.pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(running.pid)) signalGroup(running.pid, 'SIGKILL');
    while (isAlive(running.pid)) await sleep(50);
  }
  const next = readState(profile);
  delete next[name];
  writeState(profile, next);
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * Waits until `check` resolves true, or fails naming the component and its log.
 * @param {string} name
 * @param {() => Promise<boolean>} check
 * @param {{ timeoutMs: number, log?: string, pid?: number }} options
 */
export async function waitUntilHealthy(name, check, options) {
  const started = Date.now();
  while (Date.now() - started < options.timeoutMs) {
    if (options.pid && !isAlive(options.pid)) {
      throw new Error(`${name} exited during start-up.${tail(options.log)}`);
    }
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(500);
  }
  throw new Error(`${name} was not healthy after ${Math.round(options.timeoutMs / 1000)} s.${tail(options.log)}`);
}

/** @param {string | undefined} log */
function tail(log) {
  if (!log || !existsSync(log)) return '';
  const lines = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-15);
  return ` Its log is ${log}; last lines:\n    ${lines.join('\n    ')}`;
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
