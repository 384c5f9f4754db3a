import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { withTimeout } from '@fluent/server-kit';
import { RpcClient } from './common/rpc/rpc.client';

/**
 * The gateway's shutdown order. Nest's own signal handling runs `onModuleDestroy` first, which
 * closes the NATS connection while HTTP requests are still waiting for their replies (they would
 * end in 503), and only then closes the HTTP server. So instead:
 *
 * 1. stop accepting connections and let in-flight requests finish (they still reach NATS);
 * 2. drain the NATS connection (pending messages flushed, then closed);
 * 3. `app.close()`: Nest's hooks, now with nothing left in flight.
 */
export async function shutDownGateway(app: INestApplication, natsDrainTimeoutMs = 5000): Promise<void> {
  await closeHttpServer(app.getHttpServer() as Server);
  await withTimeout(app.get(RpcClient).drain(), natsDrainTimeoutMs).catch(() => undefined);
  await app.close();
}

/** Resolves once every in-flight request has been answered and every connection is closed. */
function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Keep-alive connections become idle only after their current response; close them as they do.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
  });
}
