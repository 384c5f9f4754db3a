import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { KeycloakHealth } from './keycloak.health';

@Module({ controllers: [HealthController], providers: [KeycloakHealth] })
export class HealthModule {}
