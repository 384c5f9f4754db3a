import { Controller } from '@nestjs/common';
import { CatalogErrors, FeedbackInternalMessages, type CheckSentenceReply, type ParsedRequest, type WritingFeedback } from '@fluent/contracts';
import { HandleMessage, rpcError } from '@fluent/server-kit';
import { TextChecker } from '../harper/text-checker';
import { FeedbackStore } from './feedback.store';

/**
 * What catalog-service's practice asks (NATS permissions keep the gateway out of
 * `feedback.internal.>`): the grammar checker on a learner's corrected sentence, through the same
 * path as the feedback itself (LanguageTool, Harper and the masked language model), and an
 * attempt's stored feedback.
 */
/**
 * A learner waits on a practice answer, and catalog-service gives up after NATS_REQUEST_TIMEOUT_MS
 * (5 s): the sentence goes ahead of the attempts' texts waiting for the model, and without the model
 * if it cannot be read in this time.
 */
export const PRACTICE_MODEL_BUDGET_MS = 2_500;

@Controller()
export class PracticeChecksController {
  constructor(
    private readonly checker: TextChecker,
    private readonly store: FeedbackStore,
  ) {}

  @HandleMessage(FeedbackInternalMessages.checkSentence)
  async checkSentence({ text }: ParsedRequest<typeof FeedbackInternalMessages.checkSentence>): Promise<CheckSentenceReply> {
    if (!text.trim()) return { matches: [] };
    const { matches, detectedLanguage } = await this.checker.check(text, { urgent: true, budgetMs: PRACTICE_MODEL_BUDGET_MS });
    return { matches, ...(detectedLanguage ? { detectedLanguage } : {}) };
  }

  /** 404 while the attempt has no feedback (the practice consumer retries the event then). */
  @HandleMessage(FeedbackInternalMessages.attemptFeedback)
  async attemptFeedback({ attemptId }: ParsedRequest<typeof FeedbackInternalMessages.attemptFeedback>): Promise<WritingFeedback> {
    const stored = await this.store.get(attemptId);
    if (!stored) throw rpcError(404, CatalogErrors.attemptNotFound);
    return stored.feedback;
  }
}
