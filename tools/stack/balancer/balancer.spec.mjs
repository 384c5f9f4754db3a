import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.mjs';

const BALANCER = fileURLToPath(new URL('./balancer.mjs', import.meta.url));

/** @type {(() => Promise<void> | void)[]} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A stand-in gateway: answers its health path, and every other request with its name and what it
 * received. `die()` ends it at once, open connections included (what SIGKILL does to a process).
 * @param {string} name
 * @param {{ hold?: boolean }} [options] hold: never answer the API (a gateway about to be killed mid-request)
 */
async function backend(name, options = {}) {
  const port = await freePort();
  /** @type {{ method?: string, url?: string, body: string, forwardedFor?: string }[]} */
  const received = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/api/health/live') return void res.end('ok');
      received.push({ method: req.method, url: req.url, body, forwardedFor: /** @type {string} */ (req.headers['x-forwarded-for']) });
      if (options.hold) return;
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end(JSON.stringify({ name, body }));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const die = () => {
    server.closeAllConnections();
    server.close();
  };
  cleanups.push(die);
  return { address: `127.0.0.1:${port}`, received, die };
}

/** The balancer as the stack runs it, in front of `backends`; resolves once it listens. @param {string[]} backends */
async function startBalancer(backends) {
  const port = await freePort();
  const child = spawn(process.execPath, [BALANCER], {
    env: { ...process.env, FLUENT_BALANCER_LISTEN: `127.0.0.1:${port}`, FLUENT_BALANCER_BACKENDS: backends.join(','), FLUENT_BALANCER_PROBE_MS: '200' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  cleanups.push(() => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))));
  const deadline = Date.now() + 10_000;
  while (!output.includes('balancer listening')) {
    if (Date.now() > deadline) throw new Error(`the balancer did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url: `http://127.0.0.1:${port}`, log: () => output };
}

/** @param {string} url @param {RequestInit} [init] */
async function ask(url, init) {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
}

describe('the local balancer', () => {
  it('shares requests between the replicas and passes method, path, body and the client address', async () => {
    const [one, two] = [await backend('one'), await backend('two')];
    const { url } = await startBalancer([one.address, two.address]);
    const names = [];
    for (let i = 0; i < 6; i++) names.push((await ask(`${url}/api/tests/1/attempts?x=${i}`, { method: 'POST', body: `{"n":${i}}`, headers: { 'content-type': 'application/json' } })).body.name);
    expect(names.filter((n) => n === 'one').length).toBe(3);
    expect(names.filter((n) => n === 'two').length).toBe(3);
    expect([...one.received, ...two.received].map((r) => r.body).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `{"n":${i}}`));
    expect(one.received[0]).toMatchObject({ method: 'POST', url: expect.stringMatching(/^\/api\/tests\/1\/attempts\?x=\d$/), forwardedFor: '127.0.0.1' });
  });

  it('loses no request, of any method, when a replica dies: the other one answers, and the dead one leaves the rotation', async () => {
    const [one, two] = [await backend('one'), await backend('two')];
    const balancer = await startBalancer([one.address, two.address]);
    await ask(`${balancer.url}/warm`);
    await ask(`${balancer.url}/warm`);
    one.die();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await ask(`${balancer.url}/api/x`, { method: i % 2 ? 'POST' : 'GET', body: i % 2 ? '{}' : undefined }));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.body.name === 'two')).toBe(true);
    expect(balancer.log()).toMatch(/127\.0\.0\.1:\d+ out of rotation/);
  });

  it('repeats a GET that a replica dropped mid-request on the other replica, but answers a dropped POST 502 with Retry-After', async () => {
    const holding = await backend('holding', { hold: true });
    const two = await backend('two');
    const balancer = await startBalancer([holding.address, two.address]);
    // One at a time, so the turns are known: GET a and POST c reach the holding replica (turns 1 and 3).
    const seen = async (count) => {
      const deadline = Date.now() + 5000;
      while (holding.received.length + two.received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const get = [ask(`${balancer.url}/api/a`)];
    await seen(1);
    get.push(ask(`${balancer.url}/api/b`));
    await seen(2);
    const post = [ask(`${balancer.url}/api/c`, { method: 'POST', body: '{}' })];
    await seen(3);
    post.push(ask(`${balancer.url}/api/d`, { method: 'POST', body: '{}' }));
    await seen(4);
    expect(holding.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/a', 'POST /api/c']);
    holding.die();
    const gets = await Promise.all(get);
    const posts = await Promise.all(post);
    expect(gets.map((a) => a.status)).toEqual([200, 200]);
    expect(posts.map((a) => a.status).sort()).toEqual([200, 502]);
    expect(posts.find((a) => a.status === 502)).toMatchObject({ retryAfter: '1', body: { statusCode: 502 } });
  });

  it('answers 502 with Retry-After when no replica is up, and serves again once one is back', async () => {
    const one = await backend('one');
    const balancer = await startBalancer([one.address]);
    one.die();
    expect(await ask(`${balancer.url}/api/x`)).toMatchObject({ status: 502, retryAfter: '1' });
    const port = Number(one.address.split(':')[1]);
    const again = createServer((_req, res) => res.end(JSON.stringify({ name: 'again' })));
    await new Promise((resolve) => again.listen(port, '127.0.0.1', () => resolve(undefined)));
    cleanups.push(() => void again.close());
    expect(await ask(`${balancer.url}/api/x`)).toMatchObject({ status: 200, body: { name: 'again' } });
  });
});
