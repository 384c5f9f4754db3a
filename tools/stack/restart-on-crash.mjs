#!/usr/bin/env node
// @ts-check
/**
 * The local supervisor of one app: `node restart-on-crash.mjs <name> <command> [args…]` runs the command as
 * its child (same process group, same log file) and restarts it when it crashes, with backoff and
 * a cap (restart-policy.mjs). Every restart and the final give-up are logged as JSON lines.
 * `stop`/`down` signal the whole group: restart-on-crash then stops its child and never restarts it.
 */
import { spawn } from 'node:child_process';
import { isDeliberateExit, policyFromEnv, restartDelay } from './restart-policy.mjs';

const [name = '', command = '', ...args] = process.argv.slice(2);
if (!name || !command) {
  console.error('usage: node restart-on-crash.mjs <name> <command> [args…]');
  process.exit(2);
}
const policy = policyFromEnv(process.env);

/** @param {number} level @param {string} msg @param {Record<string, unknown>} [extra] */
function log(level, msg, extra = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), name: 'supervisor', app: name, ...extra, msg })}\n`);
}

/** @type {import('node:child_process').ChildProcess | undefined} */
let child;
/** @type {NodeJS.Timeout | undefined} */
let pending;
let stopping = false;
let restarts = 0;
let startedAt = 0;

function start() {
  pending = undefined;
  startedAt = Date.now();
  const started = spawn(command, args, { stdio: 'inherit' });
  let ended = false;
  /** @param {number | null} code @param {NodeJS.Signals | null} signal */
  const end = (code, signal) => {
    if (ended) return;
    ended = true;
    onExit(code, signal);
  };
  // A command that cannot start at all reports 'error' and may never report 'exit'.
  started.on('error', (error) => {
    log(50, `${name}: could not start ${command}: ${error.message}`);
    end(127, null);
  });
  started.on('exit', end);
  child = started;
}

/** @param {number | null} code @param {NodeJS.Signals | null} signal */
function onExit(code, signal) {
  child = undefined;
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  if (stopping || isDeliberateExit(code, signal)) {
    log(30, `${name} stopped (${how})`);
    process.exit(0);
  }
  if (Date.now() - startedAt >= policy.resetAfterMs) restarts = 0;
  if (restarts >= policy.maxRestarts) {
    log(50, `${name} crashed (${how}); giving up after ${restarts} restarts`, { restarts });
    process.exit(1);
  }
  restarts += 1;
  const delay = restartDelay(restarts, policy);
  log(40, `${name} crashed (${how}); restart ${restarts} of ${policy.maxRestarts} in ${delay} ms`, { restart: restarts, delayMs: delay });
  pending = setTimeout(start, delay);
}

/**
 * `stop`/`down` signal the whole process group, so the child has the signal too; signalling it
 * again would cut its graceful shutdown short (Nest exits at once on a second SIGTERM). Only when
 * restart-on-crash alone was signalled does the child still run a while later: then pass it on.
 * @param {NodeJS.Signals} signal
 */
function stop(signal) {
  if (pending) clearTimeout(pending);
  if (!child) process.exit(0);
  if (stopping) return;
  stopping = true;
  const running = child;
  setTimeout(() => {
    if (running.exitCode === null && running.signalCode === null) running.kill(signal);
  }, 3000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));

start();
