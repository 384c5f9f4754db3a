import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { CatalogErrors, FEEDBACK_PENDING_MESSAGE, FeedbackPatterns, type FeedbackResponse, type SkillTrendResponse } from '@fluent/contracts';
import { parsePayload, rpcError } from '@fluent/server-kit';
import { AttemptNotFoundError, CatalogClient } from '../catalog/catalog.client';
import { config } from '../config';
import { FeedbackStore } from './feedback.store';

const uid = z.string().min(1);
const feedbackRequestSchema = z.object({ uid, attemptId: z.string().min(1).max(64) });
const trendRequestSchema = z.object({ uid });

/** The gateway passes the verified caller as `uid`; services trust only that. */
@Controller()
export class FeedbackController {
  constructor(
    private readonly store: FeedbackStore,
    private readonly catalog: CatalogClient,
  ) {}

  /**
   * Ready feedback by key; otherwise pending while the attempt exists and is the caller's. Someone
   * else's attempt is answered 404 exactly like an unknown id, ready or not.
   */
  @MessagePattern(FeedbackPatterns.getFeedback)
  async feedback(@Payload() payload: unknown): Promise<FeedbackResponse> {
    const request = parsePayload(feedbackRequestSchema, payload);
    const stored = await this.store.get(request.attemptId);
    if (stored) {
      if (stored.uid !== request.uid) throw rpcError(404, CatalogErrors.attemptNotFound);
      return { status: 'ready', feedback: stored.feedback };
    }
    try {
      await this.catalog.attemptWriting(request.attemptId, request.uid);
    } catch (error) {
      if (error instanceof AttemptNotFoundError) throw rpcError(404, CatalogErrors.attemptNotFound);
      throw error;
    }
    return { status: 'pending', message: FEEDBACK_PENDING_MESSAGE };
  }

  @MessagePattern(FeedbackPatterns.skillTrend)
  async trend(@Payload() payload: unknown): Promise<SkillTrendResponse> {
    return { points: await this.store.trend(parsePayload(trendRequestSchema, payload).uid, config.TREND_LIMIT) };
  }
}
