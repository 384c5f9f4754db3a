import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type Stripe from 'stripe';
import { HealthPatterns, type ComponentStatus, type ServiceHealth } from '@fluent/contracts';
import { serviceHealth, withTimeout } from '@fluent/server-kit';
import { SERVICE_NAME } from '../config';
import { STRIPE } from '../stripe/stripe.client';

@Controller()
export class HealthController {
  constructor(@Inject(STRIPE) private readonly stripe: Stripe) {}

  @MessagePattern(HealthPatterns[SERVICE_NAME])
  async health(): Promise<ServiceHealth> {
    return serviceHealth(SERVICE_NAME, { stripe: await this.stripeStatus() });
  }

  private async stripeStatus(): Promise<ComponentStatus> {
    try {
      await withTimeout(this.stripe.balance.retrieve(), 1500);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
