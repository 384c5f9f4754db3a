import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, isOurs, processInfo, readState, startProcess, stopProcess } from './supervisor.mjs';
import { idleProcess, tempProfile, waitFor } from './testing.mjs';

/** @type {(() => void)[]} */
const cleanups = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function profile() {
  const p = tempProfile('test');
  cleanups.push(p.cleanup);
  return p;
}

function unrelated(marker = 'unrelated') {
  const child = idleProcess(marker);
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

/** Writes state.json as a crashed earlier run could have left it. */
function recordStale(p, name, running) {
  writeFileSync(join(p.dataDir, 'state.json'), JSON.stringify({ [name]: { startedAt: '', log: '', ...running } }));
}

describe('stale pids in state.json', () => {
  it('stops the process it started, and forgets it', async () => {
    const p = profile();
    const running = startProcess(p, 'idle', { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
    expect(isOurs(running)).toBe(true);
    await stopProcess(p, 'idle', 2000);
    expect(isAlive(running.pid)).toBe(false);
    expect(readState(p)).toEqual({});
  });

  it('never signals a recorded pid that now belongs to another program', async () => {
    const p = profile();
    const other = unrelated();
    await waitFor(() => (processInfo(other.pid)?.cmdline ?? '').includes('unrelated'));
    // The earlier run's nats-server had this pid; the system has given it to another program.
    recordStale(p, 'nats', { pid: other.pid, command: '/somewhere/.cache/bin/nats-server -c nats-server.conf' });
    await stopProcess(p, 'nats', 500);
    expect(isAlive(/** @type {number} */ (other.pid))).toBe(true);
    expect(readState(p)).toEqual({});
  });

  it('never signals a pid with the right command line but another start time (a reused pid)', async () => {
    const p = profile();
    const other = unrelated('fluent-fake-app');
    await waitFor(() => (processInfo(other.pid)?.cmdline ?? '').includes('fluent-fake-app'));
    recordStale(p, 'fake', { pid: other.pid, command: 'node fluent-fake-app', match: 'fluent-fake-app', startTime: '1' });
    expect(isOurs(readState(p).fake)).toBe(false);
    await stopProcess(p, 'fake', 500);
    expect(isAlive(/** @type {number} */ (other.pid))).toBe(true);

    // The same record with the pid's real start time is ours, and is stopped.
    recordStale(p, 'fake', { pid: other.pid, command: 'node fluent-fake-app', match: 'fluent-fake-app', startTime: processInfo(other.pid)?.startTime });
    expect(isOurs(readState(p).fake)).toBe(true);
    await stopProcess(p, 'fake', 2000);
    expect(isAlive(/** @type {number} */ (other.pid))).toBe(false);
  });
});
