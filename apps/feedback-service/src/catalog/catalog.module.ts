import { Module } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { natsClientOptions } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { CatalogClient } from './catalog.client';
import { CATALOG_CLIENT } from './catalog.constants';

@Module({
  providers: [{ provide: CATALOG_CLIENT, useFactory: () => ClientProxyFactory.create(natsClientOptions(`${SERVICE_NAME}-client`, config.NATS_URL)) }, CatalogClient],
  exports: [CatalogClient],
})
export class CatalogModule {}
