import { Module } from '@nestjs/common';
import { StripeModule } from '../stripe/stripe.module';
import { HealthController } from './health.controller';

@Module({ imports: [StripeModule], controllers: [HealthController] })
export class HealthModule {}
