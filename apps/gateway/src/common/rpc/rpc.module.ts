import { Global, Module } from '@nestjs/common';
import { natsCredentialsFromEnv } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../../config';
import { NatsRequester } from './nats-requester';
import { RpcClient } from './rpc.client';
import { NATS_TRANSPORT } from './rpc.constants';

@Global()
@Module({
  providers: [
    { provide: NATS_TRANSPORT, useFactory: () => new NatsRequester({ url: config.NATS_URL, name: SERVICE_NAME, credentials: natsCredentialsFromEnv() }) },
    RpcClient,
  ],
  exports: [RpcClient],
})
export class RpcModule {}
