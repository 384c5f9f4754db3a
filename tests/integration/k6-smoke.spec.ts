// Every k6 script in load-tests/ run once against the test stack (one VU, one iteration per
// scenario, setup included) through the adapter in load-tests/k6-adapter: a script that no longer
// matches the API — a moved route, a body the gateway refuses, a request the data file does not
// declare — fails here. k6 itself is not installed on our machines (docs/performance.md#load-tests-k6).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/stack/paths.mjs';
import { gatewayUrl } from '../support/stack';

interface Summary {
  scenarios: string[];
  requests: { scenario: string; name: string; method: string; url: string; status: string; failed?: boolean; error: string }[];
  checks: { scenario: string; check: string; ok: boolean }[];
  thresholds: { key: string; expression: string; ok: boolean; samples: number; reason?: string }[];
  errors: { phase: string; scenario: string; message: string }[];
}

const loadTests = join(ROOT, 'load-tests');
const data = JSON.parse(readFileSync(join(loadTests, 'scenarios.json'), 'utf8')) as { scenarios: Record<string, { requests: string[]; learners: boolean }> };
const scripts = readdirSync(loadTests)
  .filter((file) => file.endsWith('.js'))
  .sort();
// A loopback address of this file's own (127.0.0.0/8 all reach the machine): its rate-limit
// buckets are not shared with the specs before it. The smoke stays far under every limit.
const octet = () => 1 + Math.floor(Math.random() * 250);
const localAddress = `127.${octet()}.${octet()}.${octet()}`;

async function runThroughAdapter(script: string): Promise<{ code: number; output: string; summary: Summary }> {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'k6-smoke-')), 'summary.json');
  const child = spawn(process.execPath, [join(ROOT, 'load-tests', 'k6-adapter', 'run.mjs'), script, '--summary', summaryFile], {
    env: { ...process.env, BASE_URL: gatewayUrl, PROFILE: 'smoke', THINK_SCALE: '0', K6_ADAPTER_LOCAL_ADDRESS: localAddress },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, output, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary };
}

const namesSent = (summary: Summary, scenario: string) => [...new Set(summary.requests.filter((r) => r.scenario === scenario).map((r) => r.name))].sort();

describe('the k6 scripts against the stack', () => {
  it('cover every scenario of scenarios.json, and mixed.js runs them all', () => {
    expect(scripts).toEqual([...Object.keys(data.scenarios).map((name) => `${name}.js`), 'mixed.js'].sort());
  });

  it.each(scripts)(
    '%s runs once: learners signed up in setup through POST /api/auth/signup where its scenarios need them, every request answered as expected, every check and threshold passing',
    async (script) => {
      const { code, output, summary } = await runThroughAdapter(join(loadTests, script));
      expect(summary.errors, output).toEqual([]);
      expect(summary.requests.filter((r) => r.failed !== false), output).toEqual([]);
      expect(summary.checks.filter((c) => !c.ok), output).toEqual([]);
      expect(summary.thresholds.filter((t) => !t.ok), output).toEqual([]);
      expect(code, output).toBe(0);

      for (const scenario of summary.scenarios) {
        // The data file declares exactly what each flow sends (its thresholds cover every request).
        expect(namesSent(summary, scenario), scenario).toEqual([...data.scenarios[scenario]!.requests].sort());
      }
      const learnersNeeded = summary.scenarios.some((s) => data.scenarios[s]!.learners);
      const signUps = summary.requests.filter((r) => r.scenario === 'setup');
      expect(signUps.map((r) => [r.name, r.method, r.status])).toEqual(learnersNeeded ? summary.scenarios.map(() => ['auth.signup', 'POST', '201']) : []);
    },
    180_000,
  );

  it('fails a script whose route no longer exists (GET /api/blog moved): the request is named, the run exits non-zero', async () => {
    const { code, summary } = await runThroughAdapter(join(ROOT, 'load-tests', 'k6-adapter', 'fixtures', 'k6-stale-route.mjs'));
    expect(summary.requests.find((r) => r.name === 'blog.list')).toMatchObject({ url: `${gatewayUrl}/api/blogs`, status: '404', failed: true });
    expect(summary.checks.find((c) => c.check === 'blog.list answered 200')?.ok).toBe(false);
    expect(summary.thresholds.find((t) => t.key === 'http_req_failed')?.ok).toBe(false);
    expect(code).not.toBe(0);
  }, 120_000);

  it('fails a script whose body the API refuses (the payment amount as a string): 400, the run exits non-zero', async () => {
    const { code, summary } = await runThroughAdapter(join(ROOT, 'load-tests', 'k6-adapter', 'fixtures', 'k6-stale-body.mjs'));
    expect(summary.requests.find((r) => r.name === 'payments.intent')).toMatchObject({ status: '400', failed: true });
    expect(summary.checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(['payments.intent answered 200', 'payments.intent: a client secret']);
    expect(code).toBe(99);
  }, 120_000);
});
