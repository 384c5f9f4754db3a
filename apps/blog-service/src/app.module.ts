import { Module } from '@nestjs/common';
import { databaseHealthController, databaseModule, loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { ContactModule } from './contact/contact.module';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL), databaseModule(config.MONGODB_URI), ContactModule],
  controllers: [databaseHealthController(SERVICE_NAME)],
})
export class AppModule {}
