import { Controller } from '@nestjs/common';
import { CatalogErrors, FEEDBACK_PENDING_MESSAGE, FeedbackMessages, type FeedbackResponse, type ParsedRequest, type SkillTrendResponse } from '@fluent/contracts';
import { HandleMessage, rpcError } from '@fluent/server-kit';
import { AttemptNotFoundError, CatalogClient } from '../catalog/catalog.client';
import { config } from '../config';
import { FeedbackStore } from './feedback.store';

/** The gateway passes the verified caller as `uid`; services trust only that. */
@Controller()
export class FeedbackController {
  constructor(
    private readonly store: FeedbackStore,
    private readonly catalog: CatalogClient,
  ) {}

  /**
   * Ready feedback by key, with the learner's profile before it (by index); otherwise pending while the attempt exists and is the caller's. Someone
   * else's attempt is answered 404 exactly like an unknown id, ready or not.
   */
  @HandleMessage(FeedbackMessages.getFeedback)
  async feedback(request: ParsedRequest<typeof FeedbackMessages.getFeedback>): Promise<FeedbackResponse> {
    const stored = await this.store.get(request.attemptId);
    if (stored) {
      if (stored.uid !== request.uid) throw rpcError(404, CatalogErrors.attemptNotFound);
      const previous = await this.store.previousProfile(stored.uid, stored.feedback.submittedAt);
      return { status: 'ready', feedback: stored.feedback, previous };
    }
    try {
      await this.catalog.attemptWriting(request.attemptId, request.uid);
    } catch (error) {
      if (error instanceof AttemptNotFoundError) throw rpcError(404, CatalogErrors.attemptNotFound);
      throw error;
    }
    return { status: 'pending', message: FEEDBACK_PENDING_MESSAGE };
  }

  @HandleMessage(FeedbackMessages.skillTrend)
  async trend({ uid }: ParsedRequest<typeof FeedbackMessages.skillTrend>): Promise<SkillTrendResponse> {
    return { points: await this.store.trend(uid, config.TREND_LIMIT) };
  }
}
