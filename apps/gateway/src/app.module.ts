import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { loggingModule } from '@fluent/server-kit';
import { RpcModule } from './common/rpc/rpc.module';
import { isPasswordRoute, PASSWORD_THROTTLER } from './common/rate-limit/password-routes';
import { RateLimitStorage } from './common/rate-limit/rate-limit-storage';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { config, SERVICE_NAME } from './config';
import { AccessTokenGuard } from './auth/access-token.guard';
import { KeycloakAccessTokenVerifier } from './auth/access-token-verifier';
import { AuthController } from './auth/auth.controller';
import { GoogleSignInController } from './auth/google-sign-in.controller';
import { MeController } from './auth/me.controller';
import { CatalogController } from './catalog/catalog.controller';
import { FeedbackController } from './feedback/feedback.controller';
import { ItemReportsController } from './catalog/item-reports.controller';
import { ContactController } from './contact/contact.controller';
import { AnalyticsModule } from './analytics/analytics.module';
import { RoleGuard } from './auth/role.guard';
import { BlogController } from './blog/blog.controller';
import { PaymentsController } from './payments/payments.controller';
import { PublicConfigController } from './public-config/public-config.controller';
import { HealthController } from './health/health.controller';
import { SiteController } from './site/site.controller';
import { OpenApiController } from './openapi/openapi.controller';

@Module({
  imports: [
    // Request lines come from a Fastify hook (http/request-log.ts), not pino-http's middleware.
    loggingModule(SERVICE_NAME, config.LOG_LEVEL, { httpMiddleware: false }),
    RateLimitModule,
    ThrottlerModule.forRootAsync({
      inject: [RateLimitStorage],
      useFactory: (storage: RateLimitStorage) => ({
        throttlers: [
          { name: 'default', ttl: 60_000, limit: config.API_RATE_LIMIT },
          { name: PASSWORD_THROTTLER, ttl: 60_000, limit: config.AUTH_RATE_LIMIT, skipIf: (context) => !isPasswordRoute(context) },
        ],
        // Shared by every gateway replica; keyed by the client address Express derives with TRUST_PROXY
        // (an IPv6 address by its /64, the throttler's default: one household or school, one bucket).
        storage,
        errorMessage: 'Too many requests. Please wait a moment and try again.',
      }),
    }),
    RpcModule,
    AnalyticsModule,
  ],
  controllers: [HealthController, ContactController, CatalogController, FeedbackController, ItemReportsController, BlogController, AuthController, GoogleSignInController, MeController, PublicConfigController, PaymentsController, SiteController, OpenApiController],
  providers: [
    KeycloakAccessTokenVerifier,
    // Rate limits first, so unauthenticated floods are cut before any token work.
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: AccessTokenGuard },
    // After the token check: routes marked @RequireRole need that realm role in the verified token.
    { provide: APP_GUARD, useClass: RoleGuard },
  ],
})
export class AppModule {}
