import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { pageViewedEventSchema, type PageViewedEvent } from '@fluent/contracts';
import { DurableEventConsumer, EVENT_CONSUMERS } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PageViewsService } from './page-views.service';

/**
 * Counts the page views the gateway publishes on JetStream, with a durable consumer shared by the
 * replicas: views published while this service was down are counted when it is back. It connects
 * in the background (DurableEventConsumer), so a NATS outage at start delays the counting but not
 * the blog.
 */
@Injectable()
export class PageViewConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly consumer: DurableEventConsumer<PageViewedEvent>;

  constructor(pageViews: PageViewsService) {
    this.consumer = new DurableEventConsumer({
      service: SERVICE_NAME,
      url: config.NATS_URL,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      durable: config.PAGE_VIEW_CONSUMER,
      subject: EVENT_CONSUMERS.blogPageViews.subject,
      consume: EVENT_CONSUMERS.blogPageViews.consume,
      schema: pageViewedEventSchema,
      handle: (event) => pageViews.record(event).then(() => undefined),
      logger: new Logger(PageViewConsumer.name),
    });
  }

  onApplicationBootstrap(): void {
    this.consumer.start();
  }

  /** Lets the view being counted finish and ack before the database closes. */
  onModuleDestroy(): Promise<void> {
    return this.consumer.stop();
  }
}
