import { Controller } from '@nestjs/common';
import { CatalogErrors, FeedbackInternalMessages, type CheckSentenceReply, type ParsedRequest, type WritingFeedback } from '@fluent/contracts';
import { HandleMessage, rpcError } from '@fluent/server-kit';
import { TextChecker } from '../harper/text-checker';
import { FeedbackStore } from './feedback.store';

/**
 * What catalog-service's practice asks (NATS permissions keep the gateway out of
 * `feedback.internal.>`): the grammar checker on a learner's corrected sentence, through the same
 * path as the feedback itself (LanguageTool, then Harper), and an attempt's stored feedback.
 */
@Controller()
export class PracticeChecksController {
  constructor(
    private readonly checker: TextChecker,
    private readonly store: FeedbackStore,
  ) {}

  @HandleMessage(FeedbackInternalMessages.checkSentence)
  async checkSentence({ text }: ParsedRequest<typeof FeedbackInternalMessages.checkSentence>): Promise<CheckSentenceReply> {
    if (!text.trim()) return { matches: [] };
    const { matches, detectedLanguage } = await this.checker.check(text);
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
