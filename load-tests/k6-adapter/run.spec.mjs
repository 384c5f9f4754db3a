import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
let server;
let base;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = (status, value, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/login') return json(200, { token: 'T' });
      if (req.url === '/set-cookie') {
        res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'sid=abc; Path=/; HttpOnly' });
        return res.end('hello');
      }
      if (req.url === '/echo') return json(200, { cookie: req.headers.cookie ?? '', body, type: req.headers['content-type'] ?? '' });
      const status = /^\/status\/(\d+)$/.exec(req.url);
      if (status) return json(Number(status[1]), {});
      return json(404, {});
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => server.close());

/** Runs the fixture script through the adapter in a child process (the server answers from this one). */
async function run(mode) {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'k6-adapter-')), 'summary.json');
  const child = spawn(process.execPath, [join(here, 'run.mjs'), join(here, 'fixtures', 'script.mjs'), '--summary', summaryFile], {
    env: { ...process.env, BASE: base, MODE: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const [code] = await once(child, 'exit');
  return { code, output, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) };
}

describe('the k6 adapter', () => {
  it('runs setup, one iteration per scenario on VUs of their own, with synchronous HTTP, cookies, batches, groups and checks', async () => {
    const { code, summary, output } = await run('ok');
    expect(summary.errors, output).toEqual([]);
    expect(summary.checks.filter((c) => !c.ok)).toEqual([]);
    expect(summary.checks.map((c) => c.check)).toContain('no cookie of VU 1');
    expect(summary.requests.map((r) => [r.scenario, r.name, r.status, r.group])).toEqual([
      ['setup', `${base}/login`, '200', ''],
      ['first', 'hello', '200', '::page'],
      ['first', 'echo', '200', '::page'],
      ['first', `${base}/echo`, '200', '::page'],
      ['first', 'missing', '404', ''],
      ['second', `${base}/echo`, '200', ''],
    ]);
    expect(summary.requests.find((r) => r.name === 'missing').failed).toBe(false);
    // The latency bound of one request is reported, not enforced.
    expect(summary.thresholds.find((t) => t.key === 'http_req_duration{name:hello}')).toMatchObject({ enforced: false, ok: true, samples: 1 });
    expect(code).toBe(0);
  });

  it('fails the run (exit 99) when a request gets a status the script did not expect', async () => {
    const { code, summary } = await run('unexpected-status');
    expect(summary.requests.find((r) => r.status === '500').failed).toBe(true);
    expect(summary.thresholds.find((t) => t.key === 'http_req_failed')).toMatchObject({ ok: false });
    expect(code).toBe(99);
  });

  it.each([
    ['open-in-iteration', /open\(\) can only be called in the init context/],
    ['unknown-param', /does not implement params.redirects/],
    ['throws', /the flow broke/],
  ])('fails the run (exit 107) when the script %s', async (mode, message) => {
    const { code, summary } = await run(mode);
    expect(summary.errors.map((e) => e.message).join('\n')).toMatch(message);
    expect(code).toBe(107);
  });
});

