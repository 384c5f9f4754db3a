import { Durables } from '@fluent/contracts';
import { paymentConsumerProvider } from '@fluent/premium-access';
import { config, SERVICE_NAME } from '../config';
import { PaidTestsService } from './paid-tests.service';

/**
 * Applies payment.succeeded to the user document with auth-service's durable consumer (its
 * position survives restarts, so nothing published meanwhile is missed), acking only after the
 * write; see paymentConsumerProvider for the price check and the retries.
 */
export const paymentEventsConsumer = paymentConsumerProvider({
  service: SERVICE_NAME,
  config,
  durable: Durables.paidTests,
  inject: [PaidTestsService],
  apply: (paidTests: PaidTestsService) => (event) => paidTests.apply(event),
  name: 'PaymentEventsConsumer',
});
