import { Module } from '@nestjs/common';
import { databaseHealthController } from '@fluent/server-kit';
import { SERVICE_NAME } from '../config';

@Module({ controllers: [databaseHealthController(SERVICE_NAME)] })
export class HealthModule {}
