import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { listenForShutdown } from '@fluent/server-kit';
import { config } from './config';
import { createGatewayApp } from './http/create-gateway-app';
import { shutDownGateway } from './shutdown';

async function bootstrap(): Promise<void> {
  const app = await createGatewayApp();
  // SIGTERM: HTTP server closes (in-flight requests finish), then NATS drains; see shutdown.ts.
  listenForShutdown(() => shutDownGateway(app), { log: app.get(Logger) });
  await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
  app.get(Logger).log(`gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}`);
}

void bootstrap();
