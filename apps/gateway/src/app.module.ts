import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { loggingModule } from '@fluent/server-kit';
import { RpcModule } from './common/rpc/rpc.module';
import { config, SERVICE_NAME } from './config';
import { ContactController } from './contact/contact.controller';
import { HealthController } from './health/health.controller';

@Module({
  imports: [
    loggingModule(SERVICE_NAME, config.LOG_LEVEL),
    ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: 300 }]),
    RpcModule,
  ],
  controllers: [HealthController, ContactController],
  providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
})
export class AppModule {}
