import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { HealthPatterns, type ServiceHealth } from '@fluent/contracts';
import { databaseStatus, serviceHealth } from '@fluent/server-kit';
import { SERVICE_NAME } from '../config';

@Controller()
export class HealthController {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  @MessagePattern(HealthPatterns[SERVICE_NAME])
  async health(): Promise<ServiceHealth> {
    return serviceHealth(SERVICE_NAME, { database: await databaseStatus(this.connection) });
  }
}
