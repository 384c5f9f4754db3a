import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { natsCredentialsFromEnv } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../../config';
import { natsHedgedCopies } from '../../metrics/gateway-metrics';
import { NatsRequester } from './nats-requester';
import { RetrySafeTimeoutsFilter } from './retry-safe';
import { RpcClient } from './rpc.client';
import { NATS_TRANSPORT } from './rpc.constants';

@Global()
@Module({
  providers: [
    {
      provide: NATS_TRANSPORT,
      useFactory: () =>
        new NatsRequester({
          url: config.NATS_URL,
          name: SERVICE_NAME,
          credentials: natsCredentialsFromEnv(),
          onHedge: (pattern) => natsHedgedCopies.inc({ pattern }),
        }),
    },
    RpcClient,
    // NATS timeouts of requests that are safe to repeat answer 503 rather than 504.
    { provide: APP_FILTER, useClass: RetrySafeTimeoutsFilter },
  ],
  exports: [RpcClient],
})
export class RpcModule {}
