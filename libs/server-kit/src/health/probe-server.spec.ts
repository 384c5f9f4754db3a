import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { jetStreamDeadLetters, startProcessMetrics } from '../metrics/metrics';
import { PROBE_PATHS, probePort, startMetricsServer, startProbeServer } from './probe-server';

describe('startProbeServer', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`http://127.0.0.1:${probePort(server!)}${path}`, { method });
    return { status: response.status, body: method === 'GET' ? await response.json() : undefined };
  };

  it('answers liveness whatever readiness says, and readiness as isReady says', async () => {
    let ready = false;
    server = await startProbeServer(0, () => ready, '127.0.0.1');
    expect(await get(PROBE_PATHS.live)).toEqual({ status: 200, body: { status: 'up' } });
    expect(await get(PROBE_PATHS.ready)).toEqual({ status: 503, body: { status: 'down' } });
    ready = true;
    expect(await get(`${PROBE_PATHS.ready}?probe=1`)).toEqual({ status: 200, body: { status: 'up' } });
  });

  it('serves nothing else', async () => {
    server = await startProbeServer(0, () => true, '127.0.0.1');
    expect((await get('/')).status).toBe(404);
    expect((await get('/health')).status).toBe(404);
    expect((await get(PROBE_PATHS.live, 'POST')).status).toBe(405);
  });
});

describe('metrics on the probe port and on a port of its own', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("serves the process's Prometheus metrics as text at /metrics", async () => {
    startProcessMetrics('probe-test');
    jetStreamDeadLetters.inc({ stream: 'S', durable: 'd' });
    server = await startProbeServer(0, () => true, '127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${probePort(server)}${PROBE_PATHS.metrics}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^fluent_jetstream_dead_letters_total\{stream="S",durable="d",service="probe-test"\} 1$/m);
    expect(text).toMatch(/^fluent_process_resident_memory_bytes\{service="probe-test"\} \d+/m);
  });

  it('startMetricsServer serves /metrics and nothing else', async () => {
    server = await startMetricsServer(0, '127.0.0.1');
    const at = (path: string) => fetch(`http://127.0.0.1:${probePort(server!)}${path}`).then((r) => r.status);
    expect([await at('/metrics'), await at('/health/live'), await at('/')]).toEqual([200, 404, 404]);
  });
});
