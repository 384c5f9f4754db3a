import { Controller, type Type } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { HealthMessages, type ServiceHealth, type ServiceName } from '@fluent/contracts';
import { databaseStatus } from '../database/database';
import { HandleMessage } from '../nats/handle-message';
import { serviceHealth } from './service-health';

/** The health answer of a service whose only dependency is the database. */
export function databaseHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class DatabaseHealthController {
    constructor(@InjectConnection() readonly connection: Connection) {}

    @HandleMessage(HealthMessages[service])
    async health(): Promise<ServiceHealth> {
      return serviceHealth(service, { database: await databaseStatus(this.connection) });
    }
  }
  return DatabaseHealthController;
}
