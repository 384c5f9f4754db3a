import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { isValidObjectId } from 'mongoose';
import { z } from 'zod';
import { CatalogErrors, CatalogInternalPatterns, type AttemptWriting } from '@fluent/contracts';
import { parsePayload, rpcError } from '@fluent/server-kit';
import { TestLibrary } from '../library/test-library';
import { AttemptsService } from './attempts.service';
import { toAttemptWriting } from './attempt-views';

/** `uid`, when given, must own the attempt (feedback-service asks on a learner's behalf); 404 otherwise, as for an unknown id. */
const writingRequestSchema = z.object({ attemptId: z.string().min(1).max(64), uid: z.string().min(1).optional() });

/** Other services' reads of an attempt (NATS permissions keep the gateway out of `catalog.internal.>`). */
@Controller()
export class AttemptWritingController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly library: TestLibrary,
  ) {}

  @MessagePattern(CatalogInternalPatterns.attemptWriting)
  async writing(@Payload() payload: unknown): Promise<AttemptWriting> {
    const { attemptId, uid } = parsePayload(writingRequestSchema, payload);
    if (!isValidObjectId(attemptId)) throw rpcError(404, CatalogErrors.attemptNotFound);
    const detail = await this.attempts.detailById(attemptId);
    if (!detail || (uid !== undefined && detail.uid !== uid)) throw rpcError(404, CatalogErrors.attemptNotFound);
    return toAttemptWriting(detail, this.library.test(detail.testId)?.email.points);
  }
}
