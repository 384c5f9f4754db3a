import { Module } from '@nestjs/common';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { HealthController } from './health/health.controller';
import { KeycloakHealth } from './health/keycloak.health';
import { UsersModule } from './users/users.module';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL), databaseModule(config.MONGODB_URI), UsersModule],
  controllers: [HealthController],
  providers: [KeycloakHealth],
})
export class AppModule {}
