import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PROBE_PATHS, probePort, startProbeServer } from './probe-server';

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
