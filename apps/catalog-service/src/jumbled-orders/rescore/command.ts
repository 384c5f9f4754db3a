import 'reflect-metadata';
import { runReplayCommand } from '@fluent/server-kit';
import { AttemptDetail, AttemptDetailSchema } from '../../attempts/attempt.schema';
import { JumbledAnswer, JumbledAnswerSchema } from '../../attempts/jumbled-answer.schema';
import { JumbledOrderDecision, JumbledOrderDecisionSchema } from '../jumbled-order-decision.schema';
import { rescoreJumbledOrders } from './rescore-orders';

/**
 * The rescore-jumbled-orders command (its logic in rescore-orders.ts):
 * `node apps/catalog-service/dist/jumbled-orders/rescore/command.js [--dry-run] [--since=YYYY-MM-DD] [--wait-ms=N]`
 * (locally: `npm run stack -- rescore-jumbled-orders`), with catalog-service's environment. Run
 * once after upgrading from a release without the jumbledAnswers index, and whenever its log
 * said "Unlisted orders of attempt … not indexed": every accepted order then reaches every
 * stored attempt that gave it. docs/operators.md#runbook-rescoring-old-attempts-after-an-accepted-order.
 */
runReplayCommand('rescore-jumbled-orders', ({ args, db, js, jsm, print }) =>
  rescoreJumbledOrders(
    {
      details: db.model(AttemptDetail.name, AttemptDetailSchema),
      jumbledAnswers: db.model(JumbledAnswer.name, JumbledAnswerSchema),
      decisions: db.model(JumbledOrderDecision.name, JumbledOrderDecisionSchema),
      js,
      jsm,
    },
    { ...args, print },
  ),
);
