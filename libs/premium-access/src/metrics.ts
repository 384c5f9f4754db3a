import { Counter } from 'prom-client';

/** payment.succeeded events a consumer applied (paidTests set, entitlement recorded), once each delivery. */
export const paymentEventsApplied = new Counter({
  name: 'fluent_payment_events_applied_total',
  help: 'payment.succeeded events applied by this consumer (idempotent: a redelivery counts again)',
  labelNames: ['durable'] as const,
});
