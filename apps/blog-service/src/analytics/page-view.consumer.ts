import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EventSubjects, pageViewedEventSchema } from '@fluent/contracts';
import { JetStreamEvents, retryWithBackoff } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PageViewsService } from './page-views.service';

/**
 * Counts the page views the gateway publishes on JetStream, with a durable consumer shared by the
 * replicas: views published while this service was down are counted when it is back. It connects
 * in the background (retrying, logged), so a NATS outage at start delays the counting but not the
 * blog. An event that does not parse is retried and then dead-lettered, like any failed event.
 */
@Injectable()
export class PageViewConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PageViewConsumer.name);
  private readonly stopping = new AbortController();
  private events?: JetStreamEvents;
  private starting?: Promise<void>;

  constructor(private readonly pageViews: PageViewsService) {}

  onApplicationBootstrap(): void {
    this.starting = retryWithBackoff(() => this.start(), {
      what: 'JetStream for page views',
      log: this.logger,
      signal: this.stopping.signal,
    }).catch((error: unknown) => {
      if (!this.stopping.signal.aborted) this.logger.error(`Page views are not counted: ${String(error)}`);
    });
  }

  private async start(): Promise<void> {
    const events = new JetStreamEvents({ url: config.NATS_URL, name: SERVICE_NAME, user: config.NATS_USER, password: config.NATS_PASSWORD });
    try {
      await events.connect();
      await events.consume(config.PAGE_VIEW_CONSUMER, EventSubjects.pageViewed, async (data) => {
        await this.pageViews.record(pageViewedEventSchema.parse(data));
      });
    } catch (error) {
      await events.close();
      throw error;
    }
    if (this.stopping.signal.aborted) return events.close();
    this.events = events;
    this.logger.log(`Counting page views (${EventSubjects.pageViewed}, durable ${config.PAGE_VIEW_CONSUMER})`);
  }

  /** Lets the view being counted finish and ack before the database closes. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.starting;
    await this.events?.close();
  }
}
