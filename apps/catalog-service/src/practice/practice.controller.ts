import { Controller } from '@nestjs/common';
import { PracticeMessages, type ParsedRequest, type PracticeCardsResponse, type PracticeProgressResponse, type PracticeReviewResult } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { PracticeService } from './practice.service';

/** The gateway passes the verified caller as `uid`; services trust only that. */
@Controller()
export class PracticeController {
  constructor(private readonly practice: PracticeService) {}

  @HandleMessage(PracticeMessages.progress)
  progress({ uid, tz }: ParsedRequest<typeof PracticeMessages.progress>): Promise<PracticeProgressResponse> {
    return this.practice.progress(uid, tz);
  }

  @HandleMessage(PracticeMessages.nextCards)
  nextCards({ uid, limit, tz }: ParsedRequest<typeof PracticeMessages.nextCards>): Promise<PracticeCardsResponse> {
    return this.practice.nextCards(uid, limit, tz);
  }

  @HandleMessage(PracticeMessages.review)
  review({ uid, cardId, answer, elapsedMs }: ParsedRequest<typeof PracticeMessages.review>): Promise<PracticeReviewResult> {
    return this.practice.review(uid, cardId, answer, elapsedMs);
  }
}
