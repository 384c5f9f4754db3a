import { Global, Module } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { natsClientOptions } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../../config';
import { RpcClient } from './rpc.client';
import { NATS_CLIENT } from './rpc.constants';

@Global()
@Module({
  providers: [
    {
      provide: NATS_CLIENT,
      useFactory: () => {
        const options = natsClientOptions(SERVICE_NAME, config.NATS_URL);
        return ClientProxyFactory.create({ ...options, options: { ...options.options, waitOnFirstConnect: true } });
      },
    },
    RpcClient,
  ],
  exports: [RpcClient],
})
export class RpcModule {}
