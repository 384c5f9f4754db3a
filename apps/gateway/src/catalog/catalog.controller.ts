import { Body, Controller, Get, Header, HttpCode, HttpStatus, NotFoundException, Param, Post, type PipeTransform } from '@nestjs/common';
import {
  attemptSubmissionSchema,
  CatalogErrors,
  CatalogMessages,
  type AttemptListResponse,
  type AttemptResult,
  type AttemptSubmission,
  type AuthenticatedUser,
  type PublicTest,
  type MockTestCardsResponse,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { JSON_CONTENT_TYPE, type JsonBytes } from '../common/rpc/nest-reply';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';

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
  @Header('Content-Type', JSON_CONTENT_TYPE)
  cards(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<JsonBytes<MockTestCardsResponse>> {
    return this.rpc.relay(CatalogMessages.listCards, { uid: user.uid }, { requestId });
  }

  /** 403 for a premium test without payment, 404 outside 1..20, 409 once the attempts are used. */
  @Get('tests/:id')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  test(@CurrentUser() user: AuthenticatedUser, @Param('id', TestIdPipe) testId: number, @RequestId() requestId: string): Promise<JsonBytes<PublicTest>> {
    return this.rpc.relay(CatalogMessages.getTest, { uid: user.uid, testId }, { requestId });
  }

  @Post('tests/:id/attempts')
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
  @Header('Content-Type', JSON_CONTENT_TYPE)
  history(@CurrentUser() user: AuthenticatedUser, @RequestId() requestId: string): Promise<JsonBytes<AttemptListResponse>> {
    return this.rpc.relay(CatalogMessages.listAttempts, { uid: user.uid }, { requestId });
  }

  @Get('attempts/:id')
  @Header('Content-Type', JSON_CONTENT_TYPE)
  attempt(@CurrentUser() user: AuthenticatedUser, @Param('id') attemptId: string, @RequestId() requestId: string): Promise<JsonBytes<AttemptResult>> {
    return this.rpc.relay(CatalogMessages.getAttempt, { uid: user.uid, attemptId }, { requestId });
  }
}
