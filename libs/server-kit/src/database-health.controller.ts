import { Controller, type Type } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { HealthMessages, type ServiceHealth, type ServiceName } from '@fluent/contracts';
import { databaseStatus } from './database';
import { HandleMessage } from './handle-message';
import { serviceHealth } from './health';

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
