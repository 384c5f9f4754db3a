import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';

/** Liveness and readiness, with every component's state for internal callers. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
