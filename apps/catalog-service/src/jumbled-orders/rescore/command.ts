import 'reflect-metadata';
import { questionBank } from '@fluent/question-bank';
import { runReplayCommand } from '@fluent/server-kit';
import { AttemptDetail, AttemptDetailSchema } from '../../attempts/attempt.schema';
import { JumbledAnswer, JumbledAnswerSchema } from '../../attempts/jumbled-answer.schema';
import { JumbledOrderDecision, JumbledOrderDecisionSchema } from '../jumbled-order-decision.schema';
import { listedAlternatives } from './listed-orders';
import { rescoreJumbledOrders } from './rescore-orders';

/**
 * The rescore-jumbled-orders command (its logic in rescore-orders.ts):
 * `node apps/catalog-service/dist/jumbled-orders/rescore/command.js [--dry-run] [--since=YYYY-MM-DD] [--wait-ms=N]`
 * (locally: `npm run stack -- rescore-jumbled-orders`), with catalog-service's environment. Run
 * once after upgrading from a release without the jumbledAnswers index or to a release whose bank
 * lists new orders, and whenever its log said "Unlisted orders of attempt … not indexed": every
 * accepted or listed order then reaches every stored attempt that gave it. docs/operators.md#runbook-rescoring-old-attempts-after-an-accepted-order.
 */
runReplayCommand('rescore-jumbled-orders', ({ args, db, js, jsm, print }) =>
  rescoreJumbledOrders(
    {
      details: db.model(AttemptDetail.name, AttemptDetailSchema),
      jumbledAnswers: db.model(JumbledAnswer.name, JumbledAnswerSchema),
      decisions: db.model(JumbledOrderDecision.name, JumbledOrderDecisionSchema),
      listed: listedAlternatives(questionBank().jumbled),
      js,
      jsm,
    },
    { ...args, print },
  ),
);
