import { Module } from '@nestjs/common';
import { loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { HealthController } from './health/health.controller';
import { createStripeClient, STRIPE } from './stripe/stripe.client';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL)],
  controllers: [HealthController],
  providers: [{ provide: STRIPE, useFactory: () => createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE) }],
})
export class AppModule {}
