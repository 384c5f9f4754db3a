import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { FeedbackInternalMessages, isErrorBody, type CheckSentenceReply, type WritingFeedback } from '@fluent/contracts';
import { requestIdHeaders } from '@fluent/server-kit';
import { config } from '../config';

export const FEEDBACK_CLIENT = Symbol('FEEDBACK_CLIENT');

/**
 * feedback-service over NATS request/reply (`feedback.internal.*`, catalog-service only): the
 * grammar checker on a corrected sentence, and an attempt's stored writing feedback.
 */
@Injectable()
export class FeedbackClient implements OnModuleDestroy {
  constructor(@Inject(FEEDBACK_CLIENT) private readonly client: ClientProxy) {}

  checkSentence(text: string): Promise<CheckSentenceReply> {
    return this.send<CheckSentenceReply>(FeedbackInternalMessages.checkSentence.pattern, { text });
  }

  /** The feedback, or undefined when feedback-service has none for the attempt. */
  async attemptFeedback(attemptId: string): Promise<WritingFeedback | undefined> {
    try {
      return await this.send<WritingFeedback>(FeedbackInternalMessages.attemptFeedback.pattern, { attemptId });
    } catch (error) {
      if (isErrorBody(error) && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  private send<T>(pattern: string, data: unknown): Promise<T> {
    const headers = requestIdHeaders();
    const record = headers ? new NatsRecordBuilder(data).setHeaders(headers).build() : data;
    return firstValueFrom(this.client.send<T>(pattern, record).pipe(timeout(config.NATS_REQUEST_TIMEOUT_MS)));
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.close();
  }
}
