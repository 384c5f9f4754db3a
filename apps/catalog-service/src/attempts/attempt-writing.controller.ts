import { Controller } from '@nestjs/common';
import { isValidObjectId } from 'mongoose';
import { CatalogErrors, CatalogInternalMessages, type AttemptWriting, type ParsedRequest } from '@fluent/contracts';
import { HandleMessage, rpcError } from '@fluent/server-kit';
import { TestLibrary } from '../library/test-library';
import { AttemptsService } from './attempts.service';
import { toAttemptWriting } from './attempt-views';

/** Other services' reads of an attempt (NATS permissions keep the gateway out of `catalog.internal.>`). */
@Controller()
export class AttemptWritingController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly library: TestLibrary,
  ) {}

  /** `uid`, when given, must own the attempt (feedback-service asks on a learner's behalf); 404 otherwise, as for an unknown id. */
  @HandleMessage(CatalogInternalMessages.attemptWriting)
  async writing({ attemptId, uid }: ParsedRequest<typeof CatalogInternalMessages.attemptWriting>): Promise<AttemptWriting> {
    if (!isValidObjectId(attemptId)) throw rpcError(404, CatalogErrors.attemptNotFound);
    const detail = await this.attempts.detailById(attemptId);
    if (!detail || (uid !== undefined && detail.uid !== uid)) throw rpcError(404, CatalogErrors.attemptNotFound);
    return toAttemptWriting(detail, this.library.test(detail.testId)?.email.points);
  }
}
