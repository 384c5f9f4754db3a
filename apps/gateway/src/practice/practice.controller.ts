import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  PracticeMessages,
  practiceCardsQuerySchema,
  practiceCardsSchema,
  practiceProgressQuerySchema,
  practiceProgressSchema,
  practiceReviewBodySchema,
  practiceReviewResultSchema,
  type AuthenticatedUser,
  type PracticeCardsQuery,
  type PracticeCardsResponse,
  type PracticeProgressQuery,
  type PracticeProgressResponse,
  type PracticeReviewBody,
  type PracticeReviewResult,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { RequestId } from '../http/request-id';
import { ApiDoc, RATE } from '../openapi/route-doc';

const cardIdParam = { id: { schema: z.string().regex(/^[0-9a-f]{24}$/), description: "The card's id; an unknown one, another learner's and a premium card without access are all 404" } };

/** Practice from the learner's own mistakes (catalog-service's practice module). */
@Controller('api/practice')
export class PracticeController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiDoc({
    operationId: 'practiceProgress',
    tag: 'Practice',
    summary: "The learner's practice progress: due today, reviewed today, streak, learnt per skill",
    description: '`tz` is the browser’s IANA time zone: "today" and the streak are counted in the learner’s days (UTC without it).',
    access: 'learner',
    query: practiceProgressQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The progress', schema: practiceProgressSchema } },
  })
  progress(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(practiceProgressQuerySchema)) query: PracticeProgressQuery,
    @RequestId() requestId: string,
  ): Promise<PracticeProgressResponse> {
    return this.rpc.send(PracticeMessages.progress, { uid: user.uid, ...(query.tz ? { tz: query.tz } : {}) }, { requestId });
  }

  @Get('cards')
  @ApiDoc({
    operationId: 'practiceCards',
    tag: 'Practice',
    summary: 'The next due practice cards, most overdue first, without answers',
    access: 'learner',
    query: practiceCardsQuerySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: {
        description: 'Up to `limit` cards (empty when nothing is due)',
        schema: practiceCardsSchema,
        links: { review: { operationId: 'reviewPracticeCard', parameters: { id: '$response.body#/cards/0/id' }, description: 'Answer the first card' } },
      },
    },
  })
  cards(@CurrentUser() user: AuthenticatedUser, @Query(new ZodValidationPipe(practiceCardsQuerySchema)) query: PracticeCardsQuery, @RequestId() requestId: string): Promise<PracticeCardsResponse> {
    return this.rpc.send(PracticeMessages.nextCards, { uid: user.uid, limit: query.limit, ...(query.tz ? { tz: query.tz } : {}) }, { requestId });
  }

  @Post('cards/:id/review')
  @ApiDoc({
    operationId: 'reviewPracticeCard',
    tag: 'Practice',
    summary: 'Answer a practice card: checked on the server, scheduled by FSRS',
    access: 'learner',
    params: cardIdParam,
    body: practiceReviewBodySchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'The verdict, the right answer where there is one, and when the card is due again', schema: practiceReviewResultSchema },
      404: { description: "Card not found (also another learner's, or a premium card without access)" },
    },
  })
  @HttpCode(HttpStatus.OK)
  review(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') cardId: string,
    @Body(new ZodValidationPipe(practiceReviewBodySchema)) body: PracticeReviewBody,
    @RequestId() requestId: string,
  ): Promise<PracticeReviewResult> {
    return this.rpc.send(PracticeMessages.review, { uid: user.uid, cardId, answer: body.answer, elapsedMs: body.elapsedMs }, { requestId });
  }
}
