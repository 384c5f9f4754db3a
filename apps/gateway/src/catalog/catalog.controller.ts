import { Body, Controller, Get, Header, HttpCode, HttpStatus, NotFoundException, Param, Post, type PipeTransform } from '@nestjs/common';
import {
  attemptListResponseSchema,
  attemptResultSchema,
  attemptSubmissionSchema,
  CatalogErrors,
  CatalogMessages,
  publicTestSchema,
  testCardsResponseSchema,
  type AttemptListResponse,
  type AttemptResult,
  type AttemptSubmission,
  type AuthenticatedUser,
  type MockTestCardsResponse,
  type PublicTest,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { JSON_CONTENT_TYPE, type JsonBytes } from '../common/rpc/nest-reply';
import { RetrySafe } from '../common/rpc/retry-safe';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { ApiDoc, RATE, testIdParam, attemptIdParam } from '../openapi/route-doc';

/** A test id in the path: anything but a plain number is an unknown test (404), like 0 or 21. */
export class TestIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,4}$/.test(value)) throw new NotFoundException({ statusCode: HttpStatus.NOT_FOUND, message: CatalogErrors.testNotFound });
    return Number(value);
  }
}

/**
 * The catalog for the signed-in learner: cards, tests (without answers) and their attempts. The
 * reads are the dashboard's hot path: catalog-service's JSON is relayed as it is (RpcClient.relay).
 */
@Controller('api')
export class CatalogController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('tests')
  @ApiDoc({
    operationId: 'testCards',
    tag: 'Tests',
    summary: "The 20 test cards with the learner's access and attempts",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The cards', schema: testCardsResponseSchema } },
  })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  cards(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<JsonBytes<MockTestCardsResponse>> {
    return this.rpc.relay(CatalogMessages.listCards, { uid: user.uid }, { requestId });
  }

  /** 403 for a premium test without payment, 404 outside 1..20, 409 once the attempts are used. */
  @Get('tests/:id')
  @ApiDoc({
    operationId: 'test',
    tag: 'Tests',
    summary: 'One test, without its answers',
    access: 'learner',
    params: testIdParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: {
        description: 'The test as the runner takes it',
        schema: publicTestSchema,
        links: { submit: { operationId: 'submitAttempt', parameters: { id: '$request.path.id' }, description: 'Submit this test' } },
      },
      403: { description: 'A premium test, not paid for' },
      404: { description: 'No such test (outside 1 to 20)' },
      409: { description: "The learner's attempts at this test are used" },
    },
  })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  test(@CurrentUser() user: AuthenticatedUser, @Param('id', TestIdPipe) testId: number, @RequestId() requestId: string): Promise<JsonBytes<PublicTest>> {
    return this.rpc.relay(CatalogMessages.getTest, { uid: user.uid, testId }, { requestId });
  }

  @Post('tests/:id/attempts')
  @RetrySafe()
  @ApiDoc({
    operationId: 'submitAttempt',
    tag: 'Attempts',
    summary: 'Submit a finished test: scored, stored, answered with the results',
    description: 'Idempotent by `submissionId`: a retry answers the attempt it already created.',
    access: 'learner',
    params: testIdParam,
    body: attemptSubmissionSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      201: {
        description: 'The results',
        schema: attemptResultSchema,
        links: {
          attempt: { operationId: 'attempt', parameters: { id: '$response.body#/attemptId' }, description: 'The attempt just stored' },
          feedback: { operationId: 'writingFeedback', parameters: { id: '$response.body#/attemptId' }, description: "Its writing feedback (202 until it is ready)" },
          report: { operationId: 'reportItem', parameters: { id: '$response.body#/attemptId' }, description: 'A problem with one of its items' },
        },
      },
      403: { description: 'A premium test, not paid for' },
      404: { description: 'No such test' },
      409: { description: 'The attempts at this test are used, or the submission id was used for another test' },
    },
  })
  @HttpCode(HttpStatus.CREATED)
  submit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', TestIdPipe) testId: number,
    @Body(new ZodValidationPipe(attemptSubmissionSchema)) submission: AttemptSubmission,
    @RequestId() requestId: string,
  ): Promise<AttemptResult> {
    return this.rpc.send(CatalogMessages.submitAttempt, { uid: user.uid, testId, submission }, { requestId });
  }

  @Get('attempts')
  @ApiDoc({
    operationId: 'attempts',
    tag: 'Attempts',
    summary: "The learner's attempts, newest first",
    access: 'learner',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The history', schema: attemptListResponseSchema } },
  })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  history(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<JsonBytes<AttemptListResponse>> {
    return this.rpc.relay(CatalogMessages.listAttempts, { uid: user.uid }, { requestId });
  }

  @Get('attempts/:id')
  @ApiDoc({
    operationId: 'attempt',
    tag: 'Attempts',
    summary: "One of the learner's attempts with its results",
    access: 'learner',
    params: attemptIdParam,
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The results', schema: attemptResultSchema }, 404: { description: "Attempt not found (also another learner's)" } },
  })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  attempt(@CurrentUser() user: AuthenticatedUser, @Param('id') attemptId: string, @RequestId() requestId: string): Promise<JsonBytes<AttemptResult>> {
    return this.rpc.relay(CatalogMessages.getAttempt, { uid: user.uid, attemptId }, { requestId });
  }
}
