import 'reflect-metadata';
import mongoose from 'mongoose';
import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, connectNats, loadConfig, redactUri } from '@fluent/server-kit';
import { Attempt, AttemptSchema } from '../attempts/attempt.schema';
import { replayAttempts } from './republish';

/**
 * `node apps/catalog-service/dist/replay/command.js [--dry-run] [--since=YYYY-MM-DD] [--wait-ms=N]`
 * (locally: `npm run stack -- replay-attempts`), with catalog-service's environment: its database
 * (MONGODB_URI) and NATS user, the only publisher of attempt events. Announces dead-lettered (and,
 * with --since, recently stored) attempts again for their writing feedback, then waits until
 * feedback-service has taken them; exits 0 when it has, 1 otherwise. deploy/RUNBOOK.md, "Inspect and
 * replay the dead-letter streams".
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
  const print = (line: string) => console.log(`[replay-attempts] ${line}`);
  print(`database ${redactUri(config.MONGODB_URI)}, NATS ${config.NATS_URL}${args.dryRun ? ' (dry run: nothing is published)' : ''}`);
  const db = await mongoose.createConnection(config.MONGODB_URI, { serverSelectionTimeoutMS: 5000, bufferCommands: false }).asPromise();
  const nc = await connectNats({ url: config.NATS_URL, name: 'replay-attempts', reconnectForever: false });
  try {
    // No account-wide JetStream info: catalog-service may read only what replaying needs.
    const jsm = await nc.jetstreamManager({ checkAPI: false });
    return await replayAttempts({ attempts: db.model(Attempt.name, AttemptSchema), js: nc.jetstream(), jsm }, { ...args, print });
  } finally {
    await nc.drain().catch(() => undefined);
    await db.close().catch(() => undefined);
  }
}

main().then(
  (done) => process.exit(done ? 0 : 1),
  (error: unknown) => {
    console.error(`[replay-attempts] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
