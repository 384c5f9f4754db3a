import 'reflect-metadata';
import mongoose from 'mongoose';
import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, connectNats, loadConfig, redactUri } from '@fluent/server-kit';
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
const argsSchema = z.object({
  dryRun: z.boolean(),
  since: z.iso.date().optional(),
  waitMs: z.coerce.number().int().positive().default(120_000),
});

function parseArgs(argv: string[]) {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const unknown = argv.filter((a) => !/^--(dry-run|since=.*|wait-ms=.*)$/.test(a));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}; use --dry-run, --since=YYYY-MM-DD, --wait-ms=N`);
  return argsSchema.parse({ dryRun: argv.includes('--dry-run'), since: value('since'), waitMs: value('wait-ms') });
}

async function main(): Promise<boolean> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig(baseConfigSchema.extend(databaseConfigSchema.shape), process.env);
  const print = (line: string) => console.log(`[replay-payments] ${line}`);
  print(`database ${redactUri(config.MONGODB_URI)}, NATS ${config.NATS_URL}${args.dryRun ? ' (dry run: nothing is published)' : ''}`);
  const db = await mongoose.createConnection(config.MONGODB_URI, { serverSelectionTimeoutMS: 5000, bufferCommands: false }).asPromise();
  const nc = await connectNats({ url: config.NATS_URL, name: 'replay-payments', reconnectForever: false });
  try {
    // No account-wide JetStream info: payment-service may read only what replaying needs.
    const jsm = await nc.jetstreamManager({ checkAPI: false });
    return await replayPayments(
      { payments: db.model(SucceededPayment.name, SucceededPaymentSchema), intents: db.model(CreatedIntent.name, CreatedIntentSchema), js: nc.jetstream(), jsm },
      { dryRun: args.dryRun, since: args.since, waitMs: args.waitMs, print },
    );
  } finally {
    await nc.drain().catch(() => undefined);
    await db.close().catch(() => undefined);
  }
}

main().then(
  (done) => process.exit(done ? 0 : 1),
  (error: unknown) => {
    console.error(`[replay-payments] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
