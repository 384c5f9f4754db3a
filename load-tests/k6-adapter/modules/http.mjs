// The adapter's `k6/http`: request, get, post, put, del, batch, expectedStatuses and
// setResponseCallback, with the params our scripts use (headers, tags, responseCallback,
// timeout). A param the adapter does not know is an error, never silently ignored.
import { createRequire } from 'node:module';
import { createSyncFn } from 'synckit';
import { runtime, sampleTags } from '../runtime.mjs';

const worker = createSyncFn(createRequire(import.meta.url).resolve('../http-worker.mjs'));
const KNOWN_PARAMS = new Set(['headers', 'tags', 'responseCallback', 'timeout']);
const USER_AGENT = 'k6 (Fluent k6 adapter)';

/** k6's expected-status callback: statuses and {min, max} ranges. */
export function expectedStatuses(...statuses) {
  for (const s of statuses) {
    if (!(Number.isInteger(s) || (s && Number.isInteger(s.min) && Number.isInteger(s.max)))) throw new Error(`expectedStatuses: ${JSON.stringify(s)} is not a status or {min, max}`);
  }
  return { expectedStatuses: statuses };
}

let defaultCallback = expectedStatuses({ min: 200, max: 399 });
export function setResponseCallback(callback) {
  defaultCallback = callback;
}

const isExpected = (callback, status) => callback.expectedStatuses.some((s) => (typeof s === 'number' ? s === status : status >= s.min && status <= s.max));

/** '60s', '1m', '500ms' or a number of ms. */
function timeoutMs(timeout) {
  if (timeout === undefined) return 60_000;
  if (typeof timeout === 'number') return timeout;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(String(timeout));
  if (!match) throw new Error(`params.timeout: cannot read "${timeout}"`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2]];
}

/** Go's canonical header names, as k6 gives them (content-type → Content-Type). */
const canonical = (name) => name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase());

/** A request as k6 would send it: an object body is form-encoded, as in k6 (JSON must be a string). */
function prepare(method, url, body, params = {}) {
  for (const key of Object.keys(params ?? {})) if (!KNOWN_PARAMS.has(key)) throw new Error(`the k6 adapter does not implement params.${key}`);
  const headers = { 'User-Agent': USER_AGENT, ...(params?.headers ?? {}) };
  let payload = body ?? null;
  if (payload !== null && typeof payload === 'object') {
    payload = new URLSearchParams(payload).toString();
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  if (payload !== null) payload = String(payload);
  return { method: method.toUpperCase(), url: String(url), headers, body: payload, timeoutMs: timeoutMs(params?.timeout), params: params ?? {} };
}

function record(request, answer) {
  const callback = request.params.responseCallback === undefined ? defaultCallback : request.params.responseCallback;
  const failed = callback === null ? undefined : !isExpected(callback, answer.status);
  const tags = sampleTags({
    name: request.params.tags?.name ?? request.url,
    method: request.method,
    url: request.url,
    status: String(answer.status),
    ...(failed === undefined ? {} : { expected_response: String(!failed) }),
    ...(request.params.tags ?? {}),
  });
  runtime.requests.push({ tags, duration: answer.timings.duration, failed, error: answer.error });
  const headers = {};
  for (const [name, value] of Object.entries(answer.headers)) headers[canonical(name)] = Array.isArray(value) ? value.join(', ') : value;
  return {
    status: answer.status,
    body: answer.body,
    headers,
    url: request.url,
    error: answer.error,
    error_code: answer.errorCode,
    timings: { ...answer.timings },
    request: { method: request.method, url: request.url, headers: request.headers, body: request.body ?? '' },
    json(selector) {
      if (selector !== undefined) throw new Error('the k6 adapter does not implement json(selector)');
      if (this.body === null) throw new Error(`no body to parse (${answer.error || `status ${answer.status}`})`);
      return JSON.parse(this.body);
    },
  };
}

function sendAll(requests) {
  const answers = worker({ type: 'send', vu: runtime.vu, localAddress: runtime.localAddress, requests: requests.map(({ params: _params, ...wire }) => wire) });
  return requests.map((request, i) => record(request, answers[i]));
}

/** Empties the VU's cookie jar: k6 does so before every iteration. */
export function resetCookies() {
  worker({ type: 'reset-cookies', vu: runtime.vu, localAddress: runtime.localAddress });
}

export const request = (method, url, body, params) => sendAll([prepare(method, url, body, params)])[0];
export const get = (url, params) => request('GET', url, null, params);
export const post = (url, body, params) => request('POST', url, body, params);
export const put = (url, body, params) => request('PUT', url, body, params);
export const del = (url, body, params) => request('DELETE', url, body, params);

/** Requests in parallel: arrays [method, url, body, params], objects {method, url, body, params}, or URL strings. */
export function batch(requests) {
  if (!Array.isArray(requests)) throw new Error('the k6 adapter implements batch for arrays only');
  return sendAll(
    requests.map((r) => {
      if (typeof r === 'string') return prepare('GET', r, null, {});
      if (Array.isArray(r)) return prepare(r[0], r[1], r[2], r[3]);
      return prepare(r.method ?? 'GET', r.url, r.body, r.params);
    }),
  );
}

export default { request, get, post, put, del, batch, expectedStatuses, setResponseCallback };
