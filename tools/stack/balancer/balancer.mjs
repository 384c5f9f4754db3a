#!/usr/bin/env node
// @ts-check
/**
 * The local balancer in front of the gateway replicas (`--replicas 2`): what the chart's Service and
 * Ingress do in Kubernetes, on one machine. Listens on the profile's gateway port; sends each
 * request to the next replica in rotation (pool.mjs), repeats it on another replica when the first
 * one could not take it, and answers 502 (with Retry-After) only when no replica could.
 *
 *   FLUENT_BALANCER_LISTEN=127.0.0.1:3000 FLUENT_BALANCER_BACKENDS=127.0.0.1:3071,127.0.0.1:3072 node balancer.mjs
 *
 * Node's own http module rather than a proxy library: what it needs is the retry on another
 * replica, with the body kept for it, and ejection from rotation; http-proxy (last release 2020)
 * has neither and reports a failed target only after writing to the client, and @fastify/http-proxy
 * would bring a second web framework for a hundred lines. Bodies are kept in memory to be sent
 * again: the gateway takes at most 100 KiB, so 1 MiB is refused here with 413.
 */
import { Agent, createServer, request as httpRequest } from 'node:http';
import { BackendPool, failureKind, mayRetryElsewhere, parseBackend } from './pool.mjs';

const MAX_BODY = 1024 * 1024;
const PROBE_MS = Number(process.env.FLUENT_BALANCER_PROBE_MS ?? 500);
const HEALTH_PATH = '/api/health/live';
// Hop-by-hop headers (RFC 9110 §7.6.1) are the balancer's own, never passed on.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const listen = parseBackend(process.env.FLUENT_BALANCER_LISTEN ?? '');
const pool = new BackendPool((process.env.FLUENT_BALANCER_BACKENDS ?? '').split(',').filter(Boolean).map(parseBackend));

/** @param {number} level @param {string} msg @param {Record<string, unknown>} [extra] */
function log(level, msg, extra = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), name: 'balancer', ...extra, msg })}\n`);
}

/** One keep-alive agent per backend, replaced when the backend is ejected: its idle sockets lead to a dead process. */
const agents = new Map(pool.backends.map((b) => [b, new Agent({ keepAlive: true, maxSockets: 512 })]));

/** @param {import('./pool.mjs').Backend} backend @param {string} why */
function eject(backend, why) {
  if (!pool.eject(backend)) return;
  agents.get(backend)?.destroy();
  agents.set(backend, new Agent({ keepAlive: true, maxSockets: 512 }));
  log(40, `${backend.label} out of rotation: ${why}`, { backend: backend.label });
}

/** @param {import('./pool.mjs').Backend} backend */
function readmit(backend) {
  if (pool.readmit(backend)) log(30, `${backend.label} back in rotation`, { backend: backend.label });
}

/** Every PROBE_MS each replica's liveness: a failing one leaves the rotation, an answering one comes back. */
function probe() {
  for (const backend of pool.backends) {
    const req = httpRequest({ host: backend.host, port: backend.port, path: HEALTH_PATH, agent: false, timeout: 2000 }, (res) => {
      res.resume();
      if (res.statusCode === 200) readmit(backend);
      else eject(backend, `health ${res.statusCode}`);
    });
    req.on('timeout', () => req.destroy(new Error('health probe timed out')));
    req.on('error', (error) => eject(backend, error.message));
    req.end();
  }
}
setInterval(probe, PROBE_MS).unref();

/**
 * The request's headers for a backend: hop-by-hop ones dropped, the client's address added to
 * X-Forwarded-For (the gateway believes it from loopback: TRUST_PROXY).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} length
 */
function forwardHeaders(req, length) {
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
  headers['x-forwarded-proto'] ??= 'http';
  if (req.method !== 'GET' && req.method !== 'HEAD') headers['content-length'] = String(length);
  return headers;
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} message */
function answer(res, status, message) {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ statusCode: status, message });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'retry-after': '1' });
  res.end(body);
}

/**
 * One attempt on one backend; resolves how it ended. The answer is streamed to the client as it
 * comes, so once it has begun the attempt is final.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer} body
 * @param {import('./pool.mjs').Backend} backend
 * @returns {Promise<{ ok: true } | { ok: false, kind: 'connect' | 'dropped', answerStarted: boolean, error: Error }>}
 */
function attempt(req, res, body, backend) {
  return new Promise((resolve) => {
    let connected = false;
    let answerStarted = false;
    const upstream = httpRequest(
      { host: backend.host, port: backend.port, method: req.method, path: req.url, headers: forwardHeaders(req, body.length), agent: agents.get(backend) },
      (response) => {
        answerStarted = true;
        /** @type {Record<string, string | string[]>} */
        const headers = {};
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        res.writeHead(response.statusCode ?? 502, response.statusMessage, headers);
        response.pipe(res);
        response.on('end', () => resolve({ ok: true }));
        // The replica died mid-answer: the client's connection is cut too, as it would be without us.
        response.on('error', (error) => fail(error));
        response.on('aborted', () => fail(new Error('answer aborted')));
      },
    );
    /** @param {NodeJS.ErrnoException} error */
    const fail = (error) => {
      if (answerStarted) res.destroy();
      resolve({ ok: false, kind: failureKind(error, { connected }), answerStarted, error });
    };
    upstream.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    upstream.on('error', fail);
    // A client that goes away ends its attempt too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  });
}

const server = createServer(async (req, res) => {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += chunk.length;
      if (size > MAX_BODY) return answer(res, 413, 'Request body too large');
      chunks.push(chunk);
    }
  } catch {
    return void res.destroy();
  }
  const body = Buffer.concat(chunks);
  /** @type {Set<import('./pool.mjs').Backend>} */
  const tried = new Set();
  for (let backend = pool.pick(tried); backend; backend = pool.pick(tried)) {
    tried.add(backend);
    const outcome = await attempt(req, res, body, backend);
    if (outcome.ok || res.destroyed) return;
    eject(backend, `${outcome.kind === 'connect' ? 'connection failed' : 'connection dropped'} (${outcome.error.message})`);
    if (!mayRetryElsewhere({ method: req.method ?? 'GET', kind: outcome.kind, answerStarted: outcome.answerStarted, bodyKept: true })) {
      return answer(res, 502, 'The server went away while answering. Please try again.');
    }
  }
  answer(res, 502, 'No server is available at the moment. Please try again.');
});
// Keep-alive from clients: longer than the gateway's own, so the balancer never closes first mid-use.
server.keepAliveTimeout = 75_000;
server.headersTimeout = 80_000;
server.listen(listen.port, listen.host, () => log(30, `balancer listening on ${listen.label} for ${pool.backends.map((b) => b.label).join(', ')}`));
probe();

const close = () => server.close(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
