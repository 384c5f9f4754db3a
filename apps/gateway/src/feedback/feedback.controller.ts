import { Controller, Get, HttpException, HttpStatus, Param } from '@nestjs/common';
import {
  FeedbackMessages,
  feedbackPendingSchema,
  feedbackReadySchema,
  skillTrendResponseSchema,
  type AuthenticatedUser,
  type SkillTrendResponse,
  type FeedbackResponse,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ApiDoc, RATE, attemptIdParam } from '../openapi/route-doc';

/**
 * The learner's writing feedback. Framework-agnostic: no response object; "still pending" leaves
 * as an HttpException carrying 202 and its body, which Nest's exception layer sends as it is on
 * Express and Fastify alike.
 */
@Controller('api')
export class FeedbackController {
  constructor(private readonly rpc: RpcClient) {}

  /** 200 with the feedback, 202 `{status: 'pending', message}` while it is prepared, 404 for an unknown id or someone else's attempt. */
  @Get('attempts/:id/feedback')
  @ApiDoc({
    operationId: 'writingFeedback',
    tag: 'Feedback',
    summary: "The attempt's writing feedback (passages and email)",
    access: 'learner',
    params: attemptIdParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Ready', schema: feedbackReadySchema },
      202: { description: 'Still being prepared: ask again', schema: feedbackPendingSchema },
      404: { description: "Attempt not found (also another learner's)" },
    },
  })
  async feedback(@CurrentUser() user: AuthenticatedUser, @Param('id') attemptId: string, @RequestId() requestId: string): Promise<Extract<FeedbackResponse, { status: 'ready' }>> {
    const answer = await this.rpc.send(FeedbackMessages.getFeedback, { uid: user.uid, attemptId }, { requestId });
    if (answer.status === 'pending') throw new HttpException(answer, HttpStatus.ACCEPTED);
    return answer;
  }

  /** The learner's skill profile over their attempts, oldest first (the dashboard's trend). */
  @Get('feedback/trend')
  @ApiDoc({
    operationId: 'skillTrend',
    tag: 'Feedback',
    summary: "The learner's skill profiles, oldest first (the last 50)",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The trend', schema: skillTrendResponseSchema } },
  })
  trend(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<SkillTrendResponse> {
    return this.rpc.send(FeedbackMessages.skillTrend, { uid: user.uid }, { requestId });
  }
}
