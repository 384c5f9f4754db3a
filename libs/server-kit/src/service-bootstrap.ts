import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Type } from '@nestjs/common';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Logger } from 'nestjs-pino';
import { natsServerOptions } from './nats';
import { RpcErrorFilter } from './rpc-errors';

/**
 * Boots a NATS microservice: structured logger, the RPC error filter, graceful shutdown on
 * SIGTERM/SIGINT (Kubernetes stops pods with SIGTERM).
 */
export async function bootstrapService(service: string, module: Type<unknown>, natsUrl: string): Promise<void> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...natsServerOptions(service, natsUrl),
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  app.get(Logger).log(`${service} listening on ${natsUrl}`);
}
