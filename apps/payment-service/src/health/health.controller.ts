import { Controller, Inject, Optional } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type Stripe from 'stripe';
import { HealthMessages, type ComponentStatus, type ServiceHealth } from '@fluent/contracts';
import { HandleMessage, CachedProbe, databaseStatus, serviceHealth, withTimeout } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { STRIPE } from '../stripe/stripe.client';

export const STRIPE_HEALTH_OPTIONS = Symbol('STRIPE_HEALTH_OPTIONS');

export interface StripeHealthOptions {
  /** How long one answer from Stripe is reused, up or down. */
  cacheMs: number;
  now?: () => number;
}

const stripeHealthOptionsFromEnv = (): StripeHealthOptions => ({ cacheMs: config.STRIPE_HEALTH_CACHE_MS });

/**
 * Answers payment-service's health subject: its database (the record of succeeded payments) and
 * Stripe. Stripe is asked (a balance read with our secret key,
 * the live one in production) at most once per STRIPE_HEALTH_CACHE_MS, whatever the probe rate:
 * concurrent probes share one call, later ones reuse its answer, up or down.
 */
@Controller()
export class HealthController {
  private readonly stripeStatus: CachedProbe<ComponentStatus>;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Optional() @Inject(STRIPE_HEALTH_OPTIONS) options: StripeHealthOptions = stripeHealthOptionsFromEnv(),
  ) {
    this.stripeStatus = new CachedProbe(() => this.askStripe(), options.cacheMs, options.now);
  }

  @HandleMessage(HealthMessages[SERVICE_NAME])
  async health(): Promise<ServiceHealth> {
    const [database, stripe] = await Promise.all([databaseStatus(this.connection), this.stripeStatus.get()]);
    return serviceHealth(SERVICE_NAME, { database, stripe });
  }

  private async askStripe(): Promise<ComponentStatus> {
    try {
      await withTimeout(this.stripe.balance.retrieve(), 1500);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
