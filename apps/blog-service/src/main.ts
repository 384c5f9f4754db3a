import { bootstrapService } from '@fluent/server-kit';
import { AppModule } from './app.module';
import { config, SERVICE_NAME } from './config';

void bootstrapService(SERVICE_NAME, AppModule, config.NATS_URL, { databaseUri: config.MONGODB_URI, logLevel: config.LOG_LEVEL, healthPort: config.HEALTH_PORT, healthHost: config.HEALTH_HOST });
