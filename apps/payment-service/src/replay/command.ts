import 'reflect-metadata';
import { runReplayCommand } from '@fluent/server-kit';
import { CreatedIntent, CreatedIntentSchema } from '../records/created-intent.schema';
import { SucceededPayment, SucceededPaymentSchema } from '../records/succeeded-payment.schema';
import { replayPayments } from './republish';

/**
 * The replay-payments command (its logic in republish.ts, what to publish in replay-plan.ts):
 * `node apps/payment-service/dist/replay/command.js [--dry-run] [--since=YYYY-MM-DD] [--wait-ms=N]`
 * (locally: `npm run stack -- replay-payments`), with payment-service's environment: its database
 * (MONGODB_URI) and NATS user. Publishes every known payment again for the consumers, then waits
 * until they have applied them; exits 0 when they have, 1 otherwise. docs/operators.md#runbook-a-learner-paid-but-is-still-locked.
 */
runReplayCommand('replay-payments', ({ args, db, js, jsm, print }) =>
  replayPayments(
    { payments: db.model(SucceededPayment.name, SucceededPaymentSchema), intents: db.model(CreatedIntent.name, CreatedIntentSchema), js, jsm },
    { ...args, print },
  ),
);
