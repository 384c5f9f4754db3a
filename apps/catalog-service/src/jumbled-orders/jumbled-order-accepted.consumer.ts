import { Durables, EventStreams, jumbledOrderAcceptedEventSchema, type JumbledOrderAcceptedEvent } from '@fluent/contracts';
import { durableConsumerProvider } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { JumbledOrdersService } from './jumbled-orders.service';

/**
 * catalog-service's durable consumer of attempt.jumbledOrderAccepted: rescores every stored
 * attempt that gave the order (idempotent, so a redelivery or a replay changes nothing twice).
 */
export const jumbledOrderAcceptedConsumer = durableConsumerProvider<JumbledOrderAcceptedEvent, [JumbledOrdersService]>({
  service: SERVICE_NAME,
  config,
  stream: EventStreams.attempts,
  durable: Durables.jumbledOrders,
  schema: jumbledOrderAcceptedEventSchema,
  inject: [JumbledOrdersService],
  handler: (orders) => (event) => orders.applyAccepted(event),
  name: 'JumbledOrderAcceptedConsumer',
});
