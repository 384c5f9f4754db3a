import { Controller } from '@nestjs/common';
import { CatalogMessages, type ParsedRequest, type AttemptListResponse, type AttemptResult, type MockTestCardsResponse, type PublicTest } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { AttemptsService } from '../attempts/attempts.service';
import { CatalogService } from './catalog.service';

/** The gateway passes the verified caller as `uid`; services trust only that. */
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly attempts: AttemptsService,
  ) {}

  @HandleMessage(CatalogMessages.listCards)
  cards({ uid }: ParsedRequest<typeof CatalogMessages.listCards>): Promise<MockTestCardsResponse> {
    return this.catalog.cards(uid);
  }

  @HandleMessage(CatalogMessages.getTest)
  test(request: ParsedRequest<typeof CatalogMessages.getTest>): Promise<PublicTest> {
    return this.catalog.test(request.uid, request.testId);
  }

  @HandleMessage(CatalogMessages.submitAttempt)
  submit(request: ParsedRequest<typeof CatalogMessages.submitAttempt>): Promise<AttemptResult> {
    return this.catalog.submit(request.uid, request.testId, request.submission);
  }

  @HandleMessage(CatalogMessages.getAttempt)
  attempt(request: ParsedRequest<typeof CatalogMessages.getAttempt>): Promise<AttemptResult> {
    return this.attempts.get(request.uid, request.attemptId);
  }

  @HandleMessage(CatalogMessages.listAttempts)
  async history({ uid }: ParsedRequest<typeof CatalogMessages.listAttempts>): Promise<AttemptListResponse> {
    return { attempts: await this.catalog.history(uid) };
  }
}
