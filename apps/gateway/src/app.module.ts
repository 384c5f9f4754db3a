import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { loggingModule } from '@fluent/server-kit';
import { RpcModule } from './common/rpc/rpc.module';
import { config, SERVICE_NAME } from './config';
import { AccessTokenGuard } from './auth/access-token.guard';
import { KeycloakAccessTokenVerifier } from './auth/access-token-verifier';
import { AuthController } from './auth/auth.controller';
import { MeController } from './auth/me.controller';
import { ContactController } from './contact/contact.controller';
import { PublicConfigController } from './public-config/public-config.controller';
import { HealthController } from './health/health.controller';

@Module({
  imports: [
    loggingModule(SERVICE_NAME, config.LOG_LEVEL),
    ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: config.API_RATE_LIMIT }]),
    RpcModule,
  ],
  controllers: [HealthController, ContactController, AuthController, MeController, PublicConfigController],
  providers: [
    KeycloakAccessTokenVerifier,
    // Rate limits first, so unauthenticated floods are cut before any token work.
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: AccessTokenGuard },
  ],
})
export class AppModule {}
