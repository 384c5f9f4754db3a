import { Module } from '@nestjs/common';
import { databaseHealthController, databaseModule, loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL), databaseModule(config.MONGODB_URI)],
  controllers: [databaseHealthController(SERVICE_NAME)],
})
export class AppModule {}
