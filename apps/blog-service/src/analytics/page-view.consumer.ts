import { Durables, EventStreams, pageViewedEventSchema } from '@fluent/contracts';
import { durableConsumerProvider } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PageViewsService } from './page-views.service';

/**
 * Counts the page views the gateway publishes on JetStream, with a durable consumer shared by the
 * replicas: views published while this service was down are counted when it is back. It connects
 * in the background (DurableEventConsumer), so a NATS outage at start delays the counting but not
 * the blog.
 */
export const pageViewConsumer = durableConsumerProvider({
  service: SERVICE_NAME,
  config,
  stream: EventStreams.pageViews,
  durable: Durables.pageViews,
  schema: pageViewedEventSchema,
  inject: [PageViewsService],
  handler: (pageViews: PageViewsService) => (event) => pageViews.record(event),
  name: 'PageViewConsumer',
});
