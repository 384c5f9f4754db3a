import { Durables } from '@fluent/contracts';
import { paymentConsumerProvider } from '@fluent/premium-access';
import { config, SERVICE_NAME } from '../config';
import { LearnerProgress } from '../learners/learner-progress';
import { EntitlementsService } from '../entitlements/entitlements.service';

/**
 * Feeds the entitlements from payment.succeeded with the catalog's durable consumer (its position
 * survives restarts); see paymentConsumerProvider for the price check and the retries.
 */
export const paymentEventsConsumer = paymentConsumerProvider({
  service: SERVICE_NAME,
  config,
  durable: Durables.entitlements,
  inject: [EntitlementsService, LearnerProgress],
  apply: (entitlements: EntitlementsService, progress: LearnerProgress) => async (event) => {
    await entitlements.grant(event);
    // Every replica's cached progress of this learner goes: the premium cards open at once.
    progress.changed(event.uid);
  },
  name: 'PaymentEventsConsumer',
});
