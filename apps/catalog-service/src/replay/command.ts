import 'reflect-metadata';
import { runReplayCommand } from '@fluent/server-kit';
import { Attempt, AttemptSchema } from '../attempts/attempt.schema';
import { replayAttempts } from './republish';

/**
 * The replay-attempts command (its logic in republish.ts, what to announce in replay-plan.ts):
 * `node apps/catalog-service/dist/replay/command.js [--dry-run] [--since=YYYY-MM-DD] [--wait-ms=N]`
 * (locally: `npm run stack -- replay-attempts`), with catalog-service's environment: its database
 * (MONGODB_URI) and NATS user, the only publisher of attempt events. Announces dead-lettered (and,
 * with --since, recently stored) attempts again for their writing feedback, then waits until
 * feedback-service has taken them; exits 0 when it has, 1 otherwise. docs/operators.md#runbook-an-attempt-without-writing-feedback.
 */
runReplayCommand('replay-attempts', ({ args, db, js, jsm, print }) =>
  replayAttempts({ attempts: db.model(Attempt.name, AttemptSchema), js, jsm }, { ...args, print }),
);
