import { Controller, Inject, Optional } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type Stripe from 'stripe';
import { z } from 'zod';
import { HealthPatterns, type ComponentStatus, type ServiceHealth } from '@fluent/contracts';
import { loadConfig, serviceHealth, withTimeout } from '@fluent/server-kit';
import { SERVICE_NAME } from '../config';
import { STRIPE } from '../stripe/stripe.client';

export const STRIPE_HEALTH_OPTIONS = Symbol('STRIPE_HEALTH_OPTIONS');

export interface StripeHealthOptions {
  /** How long one answer from Stripe is reused, up or down. */
  cacheMs: number;
  now?: () => number;
}

const stripeHealthOptionsFromEnv = (): StripeHealthOptions => ({
  cacheMs: loadConfig(
    z.object({
      /** Milliseconds one Stripe reachability check is reused (Stripe is asked at most once per window). */
      STRIPE_HEALTH_CACHE_MS: z.coerce.number().int().min(0).default(15_000),
    }),
  ).STRIPE_HEALTH_CACHE_MS,
});

/**
 * Answers payment-service's health subject. Stripe is asked (a balance read with our secret key,
 * the live one in production) at most once per STRIPE_HEALTH_CACHE_MS, whatever the probe rate:
 * concurrent probes share one call, later ones reuse its answer, up or down.
 */
@Controller()
export class HealthController {
  private last?: { status: ComponentStatus; at: number };
  private checking?: Promise<ComponentStatus>;
  private readonly now: () => number;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Optional() @Inject(STRIPE_HEALTH_OPTIONS) private readonly options: StripeHealthOptions = stripeHealthOptionsFromEnv(),
  ) {
    this.now = options.now ?? Date.now;
  }

  @MessagePattern(HealthPatterns[SERVICE_NAME])
  async health(): Promise<ServiceHealth> {
    return serviceHealth(SERVICE_NAME, { stripe: await this.stripeStatus() });
  }

  private stripeStatus(): Promise<ComponentStatus> {
    if (this.last && this.now() - this.last.at < this.options.cacheMs) return Promise.resolve(this.last.status);
    this.checking ??= this.askStripe()
      .then((status) => {
        this.last = { status, at: this.now() };
        return status;
      })
      .finally(() => (this.checking = undefined));
    return this.checking;
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
