import { Injectable, Logger } from '@nestjs/common';
import {
  PracticeErrors,
  PracticeTexts,
  type AttemptSubmittedEvent,
  type FeedbackReadyEvent,
  type PracticeCard,
  type PracticeCardsResponse,
  type PracticeProgressResponse,
  type PracticeReviewResult,
  type PublicPracticeCard,
} from '@fluent/contracts';
import { cardsFromAttempt, cardsFromFeedback, checkFix, endOfLearnerDay, isLearnt, isMissedItemCorrect, learnerDays, newSchedule, practiceProgress, reviewCard } from '@fluent/practice';
import { rpcError } from '@fluent/server-kit';
import { toAttemptResult } from '../attempts/attempt-views';
import { AttemptsService } from '../attempts/attempts.service';
import { AcceptedOrdersOverlay } from '../jumbled-orders/accepted-orders';
import { LearnerProgress } from '../learners/learner-progress';
import { TestLibrary } from '../library/test-library';
import { FeedbackClient } from './feedback.client';
import { practiceCardsCreated, practiceDueCards, practiceReviews } from './practice-metrics';
import { PracticeStore, type StoredCard } from './practice.store';
import { fixMaxLength, missedItemOf, rightAnswer, toPublicCard } from './public-cards';

/** What checking an answer decided, before scheduling. */
interface Verdict {
  correct: boolean;
  message: string;
  outcome?: PracticeReviewResult['outcome'];
  answer?: string;
}

/**
 * Practice (issue 47): cards made from the events (idempotently), the queue, the progress figures
 * and reviews. A card is the learner's own: anyone else's id, or a premium card while the learner has
 * no access, is answered 404 like an unknown one.
 */
@Injectable()
export class PracticeService {
  private readonly logger = new Logger(PracticeService.name);

  constructor(
    private readonly store: PracticeStore,
    private readonly library: TestLibrary,
    private readonly learners: LearnerProgress,
    private readonly attempts: AttemptsService,
    private readonly accepted: AcceptedOrdersOverlay,
    private readonly feedback: FeedbackClient,
  ) {}

  // ---- cards from the events ----

  /** attempt.submitted: the missed items and mistyped words of the stored attempt. */
  async fromAttempt(event: AttemptSubmittedEvent): Promise<number> {
    const detail = await this.attempts.detailById(event.attemptId);
    if (!detail || detail.uid !== event.uid) {
      this.logger.warn(`attempt.submitted for ${event.attemptId}: no such attempt of its learner; no practice cards`);
      return 0;
    }
    const cards = cardsFromAttempt(toAttemptResult(detail), detail.answers.typing.text, { freeTestCount: this.library.freeTestCount });
    return this.insert(detail.uid, cards, new Date(event.at));
  }

  /** feedback.ready: the sentences with grammar or spelling issues of the attempt's passages and email. */
  async fromFeedback(event: FeedbackReadyEvent): Promise<number> {
    const feedback = await this.feedback.attemptFeedback(event.attemptId);
    if (!feedback) {
      this.logger.warn(`feedback.ready for ${event.attemptId}: feedback-service has no feedback for it; no practice cards`);
      return 0;
    }
    return this.insert(event.uid, cardsFromFeedback(feedback), new Date(event.at));
  }

  /**
   * Inserts the new cards, then has the learner's queue view follow them, also when none was new
   * or an insert failed part way: a redelivered event puts right a view a dead delivery left behind.
   * An event with no cards writes nothing.
   */
  private async insert(uid: string, cards: readonly PracticeCard[], at: Date): Promise<number> {
    if (cards.length === 0) return 0;
    return this.store.writingCards(uid, async () => {
      let inserted = 0;
      for (const card of cards) {
        if (await this.store.insertIfNew(uid, card, newSchedule(at), new Date())) {
          inserted += 1;
          practiceCardsCreated.inc({ kind: card.kind });
        }
      }
      return inserted;
    });
  }

  // ---- the learner's reads ----

  async progress(uid: string, tz: string | undefined, now = new Date()): Promise<PracticeProgressResponse> {
    const access = await this.premiumAccess(uid);
    const [cards, reviewTimes] = await Promise.all([this.store.progressCards(uid, access), this.store.reviewTimes(uid, now)]);
    const progress = practiceProgress(cards, reviewTimes, now, learnerDays(tz));
    practiceDueCards.observe(progress.dueToday);
    return progress;
  }

  async nextCards(uid: string, limit: number, tz: string | undefined, now = new Date()): Promise<PracticeCardsResponse> {
    const end = endOfLearnerDay(now, tz);
    const { cards: due, dueToday } = await this.store.queue(uid, end, () => this.premiumAccess(uid), limit, now);
    const cards = due
      .map((stored) => toPublicCard(stored.id, stored.card, stored.dueAt, (testId) => this.library.test(testId)))
      .filter((card): card is PublicPracticeCard => card !== undefined);
    return { cards, dueToday };
  }

  // ---- a review ----

  async review(uid: string, cardId: string, answer: string, elapsedMs: number, now = new Date()): Promise<PracticeReviewResult> {
    const stored = await this.store.byId(uid, cardId);
    if (!stored || (stored.premium && !(await this.premiumAccess(uid)))) throw rpcError(404, PracticeErrors.cardNotFound);
    const verdict = await this.check(stored, answer);
    const { schedule, grade } = reviewCard(stored.card, stored.schedule, { correct: verdict.correct, elapsedMs }, now);
    await this.store.recordReview(uid, stored.id, schedule, { at: now, grade, elapsedMs });
    practiceReviews.inc({ kind: stored.card.kind, grade });
    return { ...verdict, grade, nextDue: schedule.due, learnt: isLearnt(schedule) };
  }

  /** Checks the answer on the server, as the test would (missed items) or as the card's rule says. */
  private async check({ card }: StoredCard, answer: string): Promise<Verdict> {
    switch (card.kind) {
      case 'missed-item': {
        const missed = missedItemOf(this.library.test(card.testId), card);
        if (!missed) throw rpcError(404, PracticeErrors.cardNotFound);
        const correct = isMissedItemCorrect(missed, answer, await this.accepted.orders());
        return { correct, message: correct ? PracticeTexts.right : PracticeTexts.wrong, answer: rightAnswer(missed) };
      }
      case 'fix-sentence': {
        const max = fixMaxLength(card.sentence);
        if (answer.length > max) throw rpcError(400, `answer must be at most ${max} characters`);
        const { matches } = await this.feedback.checkSentence(answer);
        const check = checkFix({ original: card.sentence, issues: card.issues, corrected: answer, matches });
        return { correct: check.outcome === 'fixed', message: check.message, outcome: check.outcome };
      }
      case 'mistyped-words': {
        // As the typing score compares words: the same characters, case included.
        const correct = answer.trim() === card.word;
        return { correct, message: correct ? PracticeTexts.right : PracticeTexts.wrong, answer: card.word };
      }
    }
  }

  private premiumAccess(uid: string): Promise<boolean> {
    return this.learners.paid(uid);
  }
}
