import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  JUMBLED_ORDER_LIST_READ,
  JumbledOrderErrors,
  type ClaimedOrderList,
  type ClaimedOrderListQuery,
  type JumbledOrderAcceptedEvent,
  type JumbledOrderDecisionInput,
  type JumbledOrderDecisionReceipt,
} from '@fluent/contracts';
import { acceptedOrderKeys, jumbledOrderKey, sentenceForOrder, usesSameWords } from '@fluent/scoring';
import { isDuplicateKey, rpcError } from '@fluent/server-kit';
import { AttemptsService } from '../attempts/attempts.service';
import { LearnerProgress } from '../learners/learner-progress';
import { TestLibrary } from '../library/test-library';
import { ItemReport } from '../reports/item-report.schema';
import { AcceptedOrdersOverlay } from './accepted-orders';
import { groupClaimedOrders, pageOfOrders, type OrderClaim } from './claimed-orders';
import { JumbledOrderDecision } from './jumbled-order-decision.schema';
import { JumbledOrderEvents } from './jumbled-order-events';

/**
 * Learners correct the bank (docs/development.md#learners-correct-the-bank): operators read the
 * claimed orders grouped with a count and decide each once; an accepted order joins the overlay
 * the scorer reads and is announced, and the announcement's consumer rescores the stored attempts.
 */
@Injectable()
export class JumbledOrdersService {
  private readonly logger = new Logger(JumbledOrdersService.name);

  constructor(
    @InjectModel(ItemReport.name) private readonly reports: Model<ItemReport>,
    @InjectModel(JumbledOrderDecision.name) private readonly decisions: Model<JumbledOrderDecision>,
    private readonly library: TestLibrary,
    private readonly overlay: AcceptedOrdersOverlay,
    private readonly events: JumbledOrderEvents,
    private readonly attempts: AttemptsService,
    private readonly progress: LearnerProgress,
  ) {}

  /** The claimed orders not decided yet, of the newest JUMBLED_ORDER_LIST_READ jumbled reports (by the section index). */
  async list(query: ClaimedOrderListQuery): Promise<ClaimedOrderList> {
    const claims = await this.reports
      .find({ section: 'jumbled', reason: 'answer-should-be-accepted' }, { _id: 0, itemId: 1, testId: 1, prompt: 1, answer: 1, order: 1, reportedAt: 1 })
      .sort({ reportedAt: -1 })
      .limit(JUMBLED_ORDER_LIST_READ)
      .lean<OrderClaim[]>();
    const itemIds = [...new Set(claims.filter((c) => c.order).map((c) => c.itemId))];
    const decided = itemIds.length === 0 ? [] : await this.decisions.find({ itemId: { $in: itemIds } }, { _id: 0, itemId: 1, order: 1 }).lean<Pick<JumbledOrderDecision, 'itemId' | 'order'>[]>();
    const orders = groupClaimedOrders(claims, new Set(decided.map((d) => `${d.itemId}:${d.order}`)), (itemId) => this.library.jumbledItem(itemId)?.item.answer);
    return pageOfOrders(orders, query);
  }

  /**
   * Accepts or refuses one order of one item, once: the same decision again answers as the first
   * did (and announces an acceptance again, for a publish that failed), another one 409.
   */
  async decide(uid: string, input: JumbledOrderDecisionInput): Promise<JumbledOrderDecisionReceipt> {
    const found = this.library.jumbledItem(input.itemId);
    if (!found) throw rpcError(404, JumbledOrderErrors.unknownItem);
    const { item } = found;
    if (!usesSameWords(item, input.order)) throw rpcError(400, JumbledOrderErrors.notSameWords, { order: JumbledOrderErrors.notSameWords });
    const order = jumbledOrderKey(input.order);
    if (acceptedOrderKeys(item).has(order)) throw rpcError(409, JumbledOrderErrors.alreadyListed);
    const decision = await this.store({ itemId: item.id, order, sentence: sentenceForOrder(item, input.order), decision: input.decision, decidedBy: uid, decidedAt: new Date() });
    if (decision.decision === 'accept') {
      this.overlay.changed();
      const event: JumbledOrderAcceptedEvent = { itemId: decision.itemId, order: decision.order, sentence: decision.sentence, acceptedAt: decision.decidedAt.toISOString() };
      await this.events.accepted(event).catch((error: unknown) => {
        this.logger.error(`jumbledOrderAccepted ${decision.itemId}:${decision.order} not published: ${String(error)}`);
        throw rpcError(503, JumbledOrderErrors.notAnnounced);
      });
    }
    return { itemId: decision.itemId, order: decision.order, sentence: decision.sentence, decision: decision.decision, decidedAt: decision.decidedAt.toISOString() };
  }

  private async store(decision: JumbledOrderDecision): Promise<JumbledOrderDecision> {
    try {
      await this.decisions.create(decision);
      return decision;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const earlier = await this.decisions.findOne({ itemId: decision.itemId, order: decision.order }).lean<JumbledOrderDecision>();
      if (!earlier || earlier.decision !== decision.decision) throw rpcError(409, JumbledOrderErrors.decidedOtherwise);
      return earlier;
    }
  }

  /** The consumer of an acceptance: the overlay on every replica, then the attempts that gave the order. */
  async applyAccepted(event: JumbledOrderAcceptedEvent): Promise<number> {
    this.overlay.changed();
    const learners = await this.attempts.applyAcceptedOrder({ itemId: event.itemId, order: event.order });
    for (const uid of learners) this.progress.changed(uid);
    if (learners.length > 0) this.logger.log(`Accepted order of jumbled item ${event.itemId} rescored the attempts of ${learners.length} learner(s)`);
    return learners.length;
  }
}
