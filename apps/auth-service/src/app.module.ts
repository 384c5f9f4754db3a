import { Module } from '@nestjs/common';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { HealthModule } from './health/health.module';
import { KeycloakModule } from './keycloak/keycloak.module';
import { PremiumAccessModule } from './premium-access/premium-access.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL), databaseModule(config.MONGODB_URI), HealthModule, KeycloakModule, SessionsModule, UsersModule, PremiumAccessModule],
})
export class AppModule {}
