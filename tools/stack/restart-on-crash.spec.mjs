import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { supervised } from './components.mjs';
import { isDeliberateExit, restartDelay } from './restart-policy.mjs';
import { isAlive, readState, startProcess, stopProcess } from './supervisor.mjs';
import { tempProfile, waitFor } from './testing.mjs';

/** A stand-in app: notes every start (time and pid) in a file, then crashes or runs as told. */
const FAKE_APP = `
const fs = require('node:fs');
const [counter, mode] = process.argv.slice(2);
fs.appendFileSync(counter, Date.now() + ' ' + process.pid + '\\n');
const starts = fs.readFileSync(counter, 'utf8').trim().split('\\n').length;
if (mode === 'crash' || (mode === 'crash-once' && starts === 1)) process.exit(1);
if (mode === 'graceful') process.on('SIGTERM', () => setTimeout(() => process.exit(0), 200));
// A heartbeat per start: proof that this start is still the one running.
setInterval(() => fs.appendFileSync(counter + '.beats', process.pid + '\\n'), 50);
`;

/**
 * Whether any process of restart-on-crash's group (restart-on-crash and whatever it started) is left: once none
 * is, nothing can start the app again, so its starts are final.
 * @param {number} leaderPid the group's leader (started detached)
 */
function groupAlive(leaderPid) {
  try {
    process.kill(-leaderPid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @type {(() => Promise<void> | void)[]} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * Starts the fake app under restart-on-crash, as the stack starts the apps.
 * @param {'crash' | 'crash-once' | 'run' | 'graceful'} mode
 * @param {Record<string, string>} policy
 */
function startFake(mode, policy = {}) {
  const profile = tempProfile('test');
  const app = join(profile.dataDir, 'fake-app.cjs');
  const counter = join(profile.dataDir, 'starts.txt');
  writeFileSync(app, FAKE_APP);
  const env = { FLUENT_RESTART_MAX: '3', FLUENT_RESTART_BASE_MS: '50', FLUENT_RESTART_MAX_DELAY_MS: '1000', ...policy };
  const running = startProcess(profile, 'fake', supervised('fake', { command: process.execPath, args: [app, counter, mode], env, match: app }));
  cleanups.push(async () => {
    await stopProcess(profile, 'fake', 1000);
    profile.cleanup();
  });
  const starts = () => (existsSync(counter) ? readFileSync(counter, 'utf8').trim().split('\n').map((l) => l.split(' ').map(Number)) : []);
  const log = () => readFileSync(running.log, 'utf8');
  /** @param {number} pid */
  const beatsOf = (pid) => (existsSync(`${counter}.beats`) ? readFileSync(`${counter}.beats`, 'utf8').split('\n').filter((l) => Number(l) === pid).length : 0);
  return { profile, running, starts, log, beatsOf };
}

describe('the local supervisor (restart-on-crash.mjs)', () => {
  it('restarts a crashing app with growing delays, logs each restart, and gives up after the cap', async () => {
    const { running, starts, log } = startFake('crash');
    await waitFor(() => !isAlive(running.pid), 10_000);
    const times = starts().map(([t]) => t);
    expect(times).toHaveLength(4); // the first start and 3 restarts
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(gaps[0]).toBeGreaterThanOrEqual(50);
    expect(gaps[1]).toBeGreaterThanOrEqual(100);
    expect(gaps[2]).toBeGreaterThanOrEqual(200);
    const lines = log().trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.filter((l) => /restart \d of 3/.test(l.msg)).map((l) => l.delayMs)).toEqual([50, 100, 200]);
    expect(lines.at(-1).msg).toMatch(/giving up after 3 restarts/);
  });

  it('keeps an app that came back running', async () => {
    const { running, starts, beatsOf } = startFake('crash-once');
    await waitFor(() => starts().length === 2);
    // Ten heartbeats of the second start, six times the 50 ms restart delay: a crash in that time
    // would have shown up as a third start.
    await waitFor(() => beatsOf(starts()[1][1]) >= 10, 15_000);
    expect(starts()).toHaveLength(2);
    expect(isAlive(running.pid)).toBe(true);
    expect(isAlive(starts()[1][1])).toBe(true);
  });

  it.each([['run'], ['graceful']])('does not restart an app that stop/down ended (%s)', async (mode) => {
    const { profile, running, starts, log } = startFake(/** @type {'run' | 'graceful'} */ (mode));
    await waitFor(() => starts().length === 1);
    const appPid = starts()[0][1];
    await stopProcess(profile, 'fake', 5000);
    expect(isAlive(running.pid)).toBe(false);
    expect(isAlive(appPid)).toBe(false);
    await waitFor(() => !groupAlive(running.pid));
    expect(starts()).toHaveLength(1);
    expect(log()).not.toMatch(/restart/);
    expect(readState(profile)).toEqual({});
  });

  it('does not restart an app whose restart was pending when stop came', async () => {
    const { profile, running, starts, log } = startFake('crash', { FLUENT_RESTART_BASE_MS: '1500' });
    await waitFor(() => /restart 1 of 3/.test(existsSync(running.log) ? log() : ''));
    await stopProcess(profile, 'fake', 2000);
    expect(isAlive(running.pid)).toBe(false);
    // The pending restart was a timer in restart-on-crash: with its whole group gone, it can never fire.
    await waitFor(() => !groupAlive(running.pid));
    expect(starts()).toHaveLength(1);
  });
});

describe('restart policy', () => {
  it('doubles the delay from the base up to the maximum', () => {
    const policy = { maxRestarts: 10, baseMs: 500, maxDelayMs: 30_000, resetAfterMs: 60_000 };
    expect([1, 2, 3, 4, 7, 8, 9].map((n) => restartDelay(n, policy))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });

  it('counts only SIGTERM, SIGINT and a clean exit as a deliberate stop', () => {
    expect(isDeliberateExit(0, null)).toBe(true);
    expect(isDeliberateExit(null, 'SIGTERM')).toBe(true);
    expect(isDeliberateExit(null, 'SIGINT')).toBe(true);
    expect(isDeliberateExit(1, null)).toBe(false);
    expect(isDeliberateExit(null, 'SIGKILL')).toBe(false);
    expect(isDeliberateExit(null, 'SIGSEGV')).toBe(false);
  });
});
