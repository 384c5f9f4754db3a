import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ferretdbReady, natsReady, STACK } from './components.mjs';
import { postgresBinDir, postgresDataDir, postgresReady, postgresUrl } from './postgres.mjs';
import { BIN } from './paths.mjs';
import { isAlive, startProcess, stopProcess } from './supervisor.mjs';
import { freePort, idleProcess, tempProfile } from './testing.mjs';

/** @type {(() => Promise<void> | void)[]} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Something else listening on a port: a raw TCP server that may send a greeting. */
async function tcpServer(port, greeting) {
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    if (greeting) socket.write(greeting);
    socket.on('error', () => undefined);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  });
}

/** An HTTP server answering every path with 200 and a JSON body. */
async function httpServer(port, body) {
  const server = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
}

async function profileWithPorts() {
  const p = tempProfile('test', { nats: await freePort(), natsMonitor: await freePort(), mongo: await freePort(), postgres: await freePort() });
  const databaseDir = postgresDataDir(p);
  cleanups.push(p.cleanup, () => rmSync(databaseDir, { recursive: true, force: true }));
  return p;
}

/** Starts a stack component of a throwaway profile with its real binary. */
function start(p, name) {
  const component = STACK.find((c) => c.name === name);
  component.prepare?.(p);
  const running = startProcess(p, name, component.spec(p));
  cleanups.push(() => stopProcess(p, name, 3000));
  return running;
}

const alive = { pid: process.pid, startedAt: '', log: '', command: 'x' };
const binary = (name) => existsSync(join(BIN, name));

describe('NATS readiness', () => {
  it('is not fooled by another NATS server on the ports', async () => {
    const p = await profileWithPorts();
    await tcpServer(p.ports.nats, 'INFO {"server_id":"X","server_name":"someone-else","jetstream":true}\r\n');
    await httpServer(p.ports.natsMonitor, { status: 'ok', server_name: 'someone-else' });
    expect(await natsReady(p, { ...alive, identity: 'fluent-test-ours' })).toBe(false);
  });

  it('is not fooled by a monitor port that answers for another server', async () => {
    const p = await profileWithPorts();
    await tcpServer(p.ports.nats, 'INFO {"server_name":"fluent-test-ours"}\r\n');
    await httpServer(p.ports.natsMonitor, { status: 'ok', server_name: 'someone-else' });
    expect(await natsReady(p, { ...alive, identity: 'fluent-test-ours' })).toBe(false);
  });

  it.skipIf(!binary('nats-server'))('knows the nats-server it started by the server name it gave it', async () => {
    const p = await profileWithPorts();
    const running = start(p, 'nats');
    expect(running.identity).toMatch(/^fluent-test-/);
    let ready = false;
    for (let i = 0; i < 100 && !ready; i += 1) {
      ready = await natsReady(p, running).catch(() => false);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(true);
    expect(await natsReady(p, { ...running, identity: 'fluent-test-another-start' })).toBe(false);
  });
});

/**
 * Polls a readiness check until it passes or a deadline: a time, not a count of tries, since one
 * try of a server still starting can take its whole connect timeout.
 */
async function becomesReady(check, deadlineMs = SERVER_START_MS) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * initdb and a first PostgreSQL start take 16 s on a 2-core machine at load average 49 (measured
 * while eight checkouts built at once; 3 s when quiet): budgets with a margin over that.
 */
const SERVER_START_MS = 60_000;
const SERVER_TEST_MS = 150_000;

describe('PostgreSQL readiness', () => {
  it.skipIf(!postgresBinDir())('knows the server it started by the pid in postmaster.pid, and not once it has gone', async () => {
    const p = await profileWithPorts();
    const running = start(p, 'postgres');
    expect(await becomesReady(() => postgresReady(p, running))).toBe(true);
    const other = idleProcess();
    cleanups.push(() => other.kill('SIGKILL'));
    expect(await postgresReady(p, { ...running, pid: /** @type {number} */ (other.pid) })).toBe(false);
    await stopProcess(p, 'postgres', 5000);
    expect(await postgresReady(p, running)).toBe(false);
  }, SERVER_TEST_MS);
});

describe('FerretDB readiness', () => {
  it('is not fooled by a plain TCP listener on the port', async () => {
    const p = await profileWithPorts();
    await tcpServer(p.ports.mongo);
    expect(await ferretdbReady(p, alive)).toBe(false);
  });

  it.skipIf(!binary('ferretdb') || !postgresBinDir())('asks FerretDB over the wire protocol whether it is the process we started', async () => {
    const p = await profileWithPorts();
    const database = start(p, 'postgres');
    expect(await becomesReady(() => postgresReady(p, database))).toBe(true);
    const running = start(p, 'ferretdb');
    expect(await becomesReady(() => ferretdbReady(p, running))).toBe(true);
    // The same FerretDB, seen from a start whose own process is another one: not ours.
    const other = idleProcess();
    cleanups.push(() => other.kill('SIGKILL'));
    expect(await ferretdbReady(p, { ...running, pid: /** @type {number} */ (other.pid) })).toBe(false);
    // Nor when the process we started has gone, whoever answers on the port.
    await stopProcess(p, 'ferretdb', 3000);
    expect(await ferretdbReady(p, running)).toBe(false);
  }, SERVER_TEST_MS);
});

/** The PostgreSQL server (postmaster) of a profile now, by its postmaster.pid. */
function postmasterPid(p) {
  try {
    return Number(readFileSync(join(postgresDataDir(p), 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

describe('infrastructure under the local supervisor', () => {
  it.skipIf(!postgresBinDir() || !existsSync('/proc/self/stat'))('starts PostgreSQL again after a SIGKILL, ready with its data, and stops it for good on stop', async () => {
    const p = await profileWithPorts();
    const running = start(p, 'postgres');
    expect(await becomesReady(() => postgresReady(p, running))).toBe(true);
    const { default: pg } = await import('pg');
    const query = async (sql) => {
      const client = new pg.Client({ connectionString: postgresUrl(p), connectionTimeoutMillis: 3000 });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    await query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (46)');
    const first = postmasterPid(p);
    expect(first).toBeGreaterThan(0);
    process.kill(/** @type {number} */ (first), 'SIGKILL');
    // A new server in the same supervisor's group, ready, with what the killed one had stored.
    expect(await becomesReady(async () => postmasterPid(p) !== first && (await postgresReady(p, running)))).toBe(true);
    expect(await query('SELECT n FROM kept')).toEqual([{ n: 46 }]);
    await stopProcess(p, 'postgres', 5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await postgresReady(p, running)).toBe(false);
    expect(isAlive(running.pid)).toBe(false);
  }, SERVER_TEST_MS);
});
