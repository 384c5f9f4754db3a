import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { HealthPatterns, type ServiceHealth, type ServiceName } from '@fluent/contracts';
import { databaseStatus } from './database';
import { serviceHealth } from './health';

/** The health answer of a service whose only dependency is the database. */
export function databaseHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class DatabaseHealthController {
    constructor(@InjectConnection() readonly connection: Connection) {}

    @MessagePattern(HealthPatterns[service])
    async health(): Promise<ServiceHealth> {
      return serviceHealth(service, { database: await databaseStatus(this.connection) });
    }
  }
  return DatabaseHealthController;
}
