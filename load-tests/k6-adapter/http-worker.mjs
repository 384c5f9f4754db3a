// The adapter's network side, in a worker thread: k6's HTTP calls are synchronous, so the main
// thread hands each request (or batch) here through synckit and blocks until the answers are in.
// Each VU has its own keep-alive connections and its own cookie jar (tough-cookie), emptied
// before each iteration as k6 does.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { runAsWorker } from 'synckit';
import { CookieJar } from 'tough-cookie';

/** @type {Map<number, { jar: CookieJar, http: http.Agent, https: https.Agent }>} */
const vus = new Map();

function vuOf(id, localAddress) {
  let vu = vus.get(id);
  if (!vu) {
    vu = { jar: new CookieJar(), http: new http.Agent({ keepAlive: true, localAddress }), https: new https.Agent({ keepAlive: true, localAddress }) };
    vus.set(id, vu);
  }
  return vu;
}

async function send(vu, request) {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const headers = { ...request.headers };
  const cookies = await vu.jar.getCookieString(request.url);
  if (cookies) headers.Cookie = headers.Cookie ? `${headers.Cookie}; ${cookies}` : cookies;
  if (request.body !== null) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = (error) =>
      resolve({ status: 0, headers: {}, body: null, timings: { duration: performance.now() - started, waiting: 0, receiving: 0 }, error: error.message, errorCode: 1000 });
    const outgoing = (secure ? https : http).request(url, { method: request.method, headers, agent: secure ? vu.https : vu.http, timeout: request.timeoutMs }, (response) => {
      const firstByte = performance.now();
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', failed);
      response.on('end', async () => {
        const ended = performance.now();
        for (const cookie of response.headers['set-cookie'] ?? []) await vu.jar.setCookie(cookie, request.url, { ignoreError: true });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          timings: { duration: ended - started, waiting: firstByte - started, receiving: ended - firstByte },
          error: '',
          errorCode: 0,
        });
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`request timeout after ${request.timeoutMs} ms`)));
    outgoing.on('error', failed);
    outgoing.end(request.body ?? undefined);
  });
}

runAsWorker(async (operation) => {
  if (operation.type === 'reset-cookies') {
    vuOf(operation.vu, operation.localAddress).jar = new CookieJar();
    return null;
  }
  if (operation.type === 'send') {
    const vu = vuOf(operation.vu, operation.localAddress);
    return Promise.all(operation.requests.map((request) => send(vu, request)));
  }
  throw new Error(`unknown operation ${operation.type}`);
});
