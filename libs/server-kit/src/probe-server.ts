import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The paths Kubernetes probes (and the image's HEALTHCHECK) ask. */
export const PROBE_PATHS = { live: '/health/live', ready: '/health/ready' } as const;

/**
 * A NATS service has no HTTP port, so Kubernetes could not tell a wedged or disconnected replica
 * from a working one. This tiny server answers the probes: `/health/live` is 200 while the process
 * serves HTTP at all; `/health/ready` is 200 only while `isReady` says the replica can take
 * requests (NATS connected, database connected), else 503. Nothing else is served (404).
 */
export function startProbeServer(port: number, isReady: () => boolean, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, { message: 'Method not allowed' });
    if (path === PROBE_PATHS.live) return answer(200, { status: 'up' });
    if (path === PROBE_PATHS.ready) return isReady() ? answer(200, { status: 'up' }) : answer(503, { status: 'down' });
    return answer(404, { message: 'Not found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The port a started server listens on (for tests that ask for port 0). */
export function probePort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
