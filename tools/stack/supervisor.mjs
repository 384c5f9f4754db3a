// @ts-check
/**
 * Starts long-running processes detached, each with its own log file, and remembers their pids in
 * <profile>/state.json so that any process (the start script, the test runner, a test that stops
 * a component on purpose, or the next run cleaning up after a crash) can stop them by pid.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/**
 * What a component runs: `match` is a string its command line keeps for its whole life (the
 * executable by default; kc.sh execs java, so Keycloak names its home folder), `identity` a value
 * its readiness check compares (NATS's server name).
 * @typedef {{ command: string, args: string[], cwd?: string, env?: Record<string, string>, match?: string, identity?: string }} ProcessSpec
 */
/**
 * A started process as state.json records it. `startTime` is the kernel's start time of the pid
 * (/proc/<pid>/stat), so a pid the system reused for another process is never mistaken for ours.
 * @typedef {{ pid: number, startedAt: string, log: string, command: string, match?: string, startTime?: string, identity?: string }} Running
 */

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

/** Whether a pid is a live process (a zombie, exited but not yet reaped, is not). @param {number} pid */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * The start time and command line of a live pid: from /proc on Linux, from ps elsewhere.
 * Undefined when the pid is gone or cannot be inspected.
 * @param {number} pid
 * @returns {{ startTime: string, cmdline: string } | undefined}
 */
export function processInfo(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is field 3, starttime field 22 (index 19 here).
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { startTime, cmdline };
  } catch {
    if (existsSync('/proc/self/stat')) return undefined;
  }
  try {
    const out = execFileSync('ps', ['-o', 'lstart=,args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return out ? { startTime: out.slice(0, 24), cmdline: out.slice(24).trim() } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is in the process group `leader` leads: the component we started (detached, so it
 * leads its group) or what it runs, such as the server the local supervisor (restart-on-crash.mjs)
 * started, or started again after a crash.
 * @param {number} pid
 * @param {number} leader
 */
export function inProcessGroup(pid, leader) {
  if (pid === leader) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state, ppid, pgrp.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === leader;
  } catch {
    if (existsSync('/proc/self/stat')) return false;
  }
  try {
    return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) === leader;
  } catch {
    return false;
  }
}

/**
 * Whether the pid recorded for a component is still the process we started: alive, with the
 * recorded start time and a command line that contains the recorded command. A crashed run's
 * state.json may name pids that the system has since given to unrelated processes.
 * @param {Running | undefined} running
 */
export function isOurs(running) {
  if (!running || !isAlive(running.pid)) return false;
  const info = processInfo(running.pid);
  if (!info) return false;
  if (running.startTime && info.startTime !== running.startTime) return false;
  return info.cmdline.includes(running.match ?? running.command.split(' ')[0] ?? running.command);
}

/**
 * @param {Profile} profile
 * @param {string} name
 * @param {ProcessSpec} spec
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
  /** @type {Running} */
  const running = {
    pid: child.pid,
    startedAt: new Date().toISOString(),
    log,
    command: [spec.command, ...spec.args].join(' '),
    match: spec.match ?? spec.command,
    startTime: processInfo(child.pid)?.startTime,
    identity: spec.identity,
  };
  writeState(profile, { ...readState(profile), [name]: running });
  return running;
}

/**
 * Stops a process group with SIGTERM, then SIGKILL after `graceMs`. A recorded pid that is no
 * longer our process (see isOurs) is forgotten, never signalled.
 * @param {Profile} profile
 * @param {string} name
 * @param {number} [graceMs]
 */
export async function stopProcess(profile, name, graceMs = 10_000) {
  const state = readState(profile);
  const running = state[name];
  if (running && isAlive(running.pid) && !isOurs(running)) {
    const info = processInfo(running.pid);
    console.log(`[stack] ${name}: pid ${running.pid} is now another process (${info?.cmdline ?? 'unknown'}); not signalling it`);
  } else if (running && isAlive(running.pid)) {
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
