import { describe, expect, it } from 'vitest';
import { assertLoopback, runScenario } from './run-scenario.mjs';

describe('the Node engine', () => {
  it('targets loopback addresses only', () => {
    for (const url of ['http://127.0.0.1:3000', 'http://localhost:8600', 'http://[::1]:3000', 'http://127.4.5.6']) expect(() => assertLoopback(url)).not.toThrow();
    for (const url of ['http://10.0.0.1', 'https://fluent.example', 'http://0.0.0.0:3000']) expect(() => assertLoopback(url)).toThrow(/only targets loopback/);
  });

  it('is bounded in VUs, time and iterations', async () => {
    const run = { baseUrl: 'http://127.0.0.1:1', scenario: 'browse', vus: 1, seconds: 1, maxIterations: 1 };
    await expect(runScenario({ ...run, vus: 0 })).rejects.toThrow(/vus must be/);
    await expect(runScenario({ ...run, seconds: 1e6 })).rejects.toThrow(/seconds must be/);
    await expect(runScenario({ ...run, maxIterations: Infinity })).rejects.toThrow(/maxIterations must be/);
    await expect(runScenario({ ...run, scenario: 'nap' })).rejects.toThrow(/no scenario "nap"/);
  });

  it('counts a refused connection as a failed request and a failed iteration, never a crash', async () => {
    const report = await runScenario({ baseUrl: 'http://127.0.0.1:1', scenario: 'browse', vus: 1, seconds: 5, maxIterations: 1 });
    expect(report.iterations).toMatchObject({ completed: 0, failed: 1 });
    expect(report.requests['web.document']).toMatchObject({ count: 1, failed: 1, statuses: { 0: 1 } });
    expect(report.checks['iteration completed']).toEqual({ passed: 0, failed: 1 });
  });
});
