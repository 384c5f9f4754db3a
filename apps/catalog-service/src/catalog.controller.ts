import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  attemptSubmissionSchema,
  CatalogPatterns,
  type AttemptListResponse,
  type AttemptResult,
  type PublicTest,
  type MockTestCardsResponse,
} from '@fluent/contracts';
import { parsePayload } from '@fluent/server-kit';
import { AttemptsService } from './attempts/attempts.service';
import { CatalogService } from './catalog.service';

const uid = z.string().min(1);
// Any integer parses; one outside 1..20 is an unknown test (404), not a malformed request.
const testId = z.number().int();
const learnerSchema = z.object({ uid });
const testRequestSchema = z.object({ uid, testId });
const submitSchema = z.object({ uid, testId, submission: attemptSubmissionSchema });
const attemptRequestSchema = z.object({ uid, attemptId: z.string().min(1).max(64) });

/** The gateway passes the verified caller as `uid`; services trust only that. */
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly attempts: AttemptsService,
  ) {}

  @MessagePattern(CatalogPatterns.listCards)
  cards(@Payload() payload: unknown): Promise<MockTestCardsResponse> {
    return this.catalog.cards(parsePayload(learnerSchema, payload).uid);
  }

  @MessagePattern(CatalogPatterns.getTest)
  test(@Payload() payload: unknown): Promise<PublicTest> {
    const request = parsePayload(testRequestSchema, payload);
    return this.catalog.test(request.uid, request.testId);
  }

  @MessagePattern(CatalogPatterns.submitAttempt)
  submit(@Payload() payload: unknown): Promise<AttemptResult> {
    const request = parsePayload(submitSchema, payload);
    return this.catalog.submit(request.uid, request.testId, request.submission);
  }

  @MessagePattern(CatalogPatterns.getAttempt)
  attempt(@Payload() payload: unknown): Promise<AttemptResult> {
    const request = parsePayload(attemptRequestSchema, payload);
    return this.attempts.get(request.uid, request.attemptId);
  }

  @MessagePattern(CatalogPatterns.listAttempts)
  async history(@Payload() payload: unknown): Promise<AttemptListResponse> {
    return { attempts: await this.catalog.history(parsePayload(learnerSchema, payload).uid) };
  }
}
