import { Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { backoffDelay, currentRequestId, REQUEST_ID_HEADER } from '@fluent/server-kit';

export interface WebhookDelivererOptions {
  url: string;
  secret: string;
  /** Tries in all (the first one is awaited, the rest run in the background). */
  maxAttempts?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Offline mode's stand-in for Stripe's webhook sender: POSTs a signed event to our own webhook
 * endpoint over HTTP and, like Stripe, tries again with growing pauses while the answer is not
 * 2xx. Each try is signed anew (Stripe's signatures carry a timestamp that expires after 5 minutes).
 */
export class WebhookDeliverer {
  private readonly logger = new Logger(WebhookDeliverer.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly stripe: Stripe,
    private readonly options: WebhookDelivererOptions,
  ) {}

  /**
   * Delivers `payload`; resolves true when the first try was answered 2xx. On a failed first try
   * the event keeps being delivered in the background and this resolves false.
   */
  async deliver(payload: string, eventId: string): Promise<boolean> {
    if (await this.attempt(payload, eventId, 1)) return true;
    const retrying = this.retry(payload, eventId).finally(() => this.pending.delete(retrying));
    this.pending.add(retrying);
    return false;
  }

  /** Waits for the deliveries still being retried (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async retry(payload: string, eventId: string): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 8;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
    for (let attempt = 2; attempt <= maxAttempts; attempt++) {
      await sleep(backoffDelay(attempt - 1, this.options.retryDelayMs ?? 1000, 60_000));
      if (await this.attempt(payload, eventId, attempt)) return;
    }
    this.logger.error(`Webhook ${eventId} not delivered after ${maxAttempts} tries; the payment is not applied`);
  }

  private async attempt(payload: string, eventId: string, attempt: number): Promise<boolean> {
    const signature = this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.secret });
    const doFetch = this.options.fetch ?? fetch;
    // The test-confirm request this payment came from: the gateway logs it beside the webhook's own
    // id (clientRequestId), and this line links the two ids for whoever follows the payment.
    const requestId = currentRequestId();
    try {
      const response = await doFetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
        body: payload,
        // Under the gateway's 5 s wait for test-confirm: a slow answer counts as failed and is retried.
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 4000),
      });
      if (response.ok) {
        this.logger.log(`Webhook ${eventId} delivered as gateway request ${response.headers.get(REQUEST_ID_HEADER) ?? 'unknown'}`);
        return true;
      }
      this.logger.warn(`Webhook ${eventId} try ${attempt} answered ${response.status}`);
    } catch (error) {
      this.logger.warn(`Webhook ${eventId} try ${attempt} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return false;
  }
}
