import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { listenForShutdown, startMetricsServer, startProcessMetrics } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { createGatewayApp } from './http/create-gateway-app';
import { shutDownGateway } from './shutdown';

async function bootstrap(): Promise<void> {
  startProcessMetrics(SERVICE_NAME);
  const app = await createGatewayApp();
  const metrics = config.METRICS_PORT === undefined ? undefined : await startMetricsServer(config.METRICS_PORT, config.METRICS_HOST);
  // SIGTERM: HTTP server closes (in-flight requests finish), then NATS drains; see shutdown.ts.
  listenForShutdown(async () => {
    metrics?.close();
    await shutDownGateway(app);
  }, { log: app.get(Logger) });
  await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
  app.get(Logger).log(`gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}`);
}

void bootstrap();
