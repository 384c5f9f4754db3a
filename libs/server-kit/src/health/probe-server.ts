import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsText } from '../metrics/metrics';

/** The paths Kubernetes probes (and the image's HEALTHCHECK) ask, and Prometheus scrapes. */
export const PROBE_PATHS = { live: '/health/live', ready: '/health/ready', metrics: '/metrics' } as const;

type Route = (res: ServerResponse) => void | Promise<void>;

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

async function answerMetrics(res: ServerResponse): Promise<void> {
  try {
    const { contentType, body } = await metricsText();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    res.end(body);
  } catch (error) {
    answer(res, 500, { message: `metrics could not be collected: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** A small HTTP server for machines (probes, Prometheus): GET/HEAD on a few fixed paths, nothing else. */
function serve(port: number, host: string, routes: Record<string, Route>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, { message: 'Method not allowed' });
    const route = routes[path];
    if (!route) return answer(res, 404, { message: 'Not found' });
    void route(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * A NATS service has no HTTP port, so Kubernetes could not tell a wedged or disconnected replica
 * from a working one. This tiny server answers the probes: `/health/live` is 200 while the process
 * serves HTTP at all; `/health/ready` is 200 only while `isReady` says the replica can take
 * requests (NATS connected, database connected), else 503. It also serves the process's
 * Prometheus metrics at `/metrics` (the chart's ServiceMonitor scrapes this port, which no Ingress
 * routes to). Nothing else is served (404).
 */
export function startProbeServer(port: number, isReady: () => boolean, host = '0.0.0.0'): Promise<Server> {
  return serve(port, host, {
    [PROBE_PATHS.live]: (res) => answer(res, 200, { status: 'up' }),
    [PROBE_PATHS.ready]: (res) => (isReady() ? answer(res, 200, { status: 'up' }) : answer(res, 503, { status: 'down' })),
    [PROBE_PATHS.metrics]: answerMetrics,
  });
}

/**
 * `/metrics` alone, on a port of its own: the gateway's, whose main port the Ingress routes to
 * (every path of it, for the web app), so metrics there would be public.
 */
export function startMetricsServer(port: number, host = '0.0.0.0'): Promise<Server> {
  return serve(port, host, { [PROBE_PATHS.metrics]: answerMetrics });
}

/** The port a started server listens on (for tests that ask for port 0). */
export function probePort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
