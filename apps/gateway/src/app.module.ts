import { Module } from '@nestjs/common';
import { loggingModule } from '@fluent/server-kit';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuthModule } from './auth/auth.module';
import { BlogModule } from './blog/blog.module';
import { CatalogModule } from './catalog/catalog.module';
import { GuardsModule } from './common/guards/guards.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { ThrottlingModule } from './common/rate-limit/throttling.module';
import { RpcModule } from './common/rpc/rpc.module';
import { config, SERVICE_NAME } from './config';
import { ContactModule } from './contact/contact.module';
import { FeedbackModule } from './feedback/feedback.module';
import { PracticeModule } from './practice/practice.module';
import { HealthModule } from './health/health.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PaymentsModule } from './payments/payments.module';
import { PublicConfigModule } from './public-config/public-config.module';
import { SiteModule } from './site/site.module';

@Module({
  imports: [
    // Request lines come from a Fastify hook (http/request-log.ts), not pino-http's middleware.
    loggingModule(SERVICE_NAME, config.LOG_LEVEL, { httpMiddleware: false }),
    RateLimitModule,
    ThrottlingModule,
    RpcModule,
    GuardsModule,
    HealthModule,
    AuthModule,
    ContactModule,
    CatalogModule,
    FeedbackModule,
    PracticeModule,
    BlogModule,
    PublicConfigModule,
    PaymentsModule,
    SiteModule,
    OpenApiModule,
    AnalyticsModule,
  ],
})
export class AppModule {}
