import mongoose, { type Connection } from 'mongoose';
import type { JetStreamClient, JetStreamManager } from 'nats';
import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, loadConfig } from './config';
import { redactUri } from './database';
import { connectNats } from './nats-connection';

/** What an operator may ask a replay command: `--dry-run`, `--since=YYYY-MM-DD`, `--wait-ms=N`. */
export interface ReplayArgs {
  dryRun: boolean;
  since?: string;
  waitMs: number;
}

const argsSchema = z.object({
  dryRun: z.boolean(),
  since: z.iso.date().optional(),
  waitMs: z.coerce.number().int().positive().default(120_000),
});

/** The replay options from the command line; an unknown option is refused, naming the known ones. */
export function parseReplayArgs(argv: string[]): ReplayArgs {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const unknown = argv.filter((a) => !/^--(dry-run|since=.*|wait-ms=.*)$/.test(a));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}; use --dry-run, --since=YYYY-MM-DD, --wait-ms=N`);
  return argsSchema.parse({ dryRun: argv.includes('--dry-run'), since: value('since'), waitMs: value('wait-ms') });
}

export interface ReplayContext {
  args: ReplayArgs;
  db: Connection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  print: (line: string) => void;
}

/**
 * The shell of a replay command (replay-payments, replay-attempts), run by an operator in a
 * service's pod with that service's environment: its database and NATS user. Connects, runs
 * `replay`, closes, and exits 0 when it returned true, 1 otherwise or on an error.
 */
export function runReplayCommand(name: string, replay: (context: ReplayContext) => Promise<boolean>): void {
  const print = (line: string) => console.log(`[${name}] ${line}`);
  const main = async (): Promise<boolean> => {
    const args = parseReplayArgs(process.argv.slice(2));
    const config = loadConfig(baseConfigSchema.extend(databaseConfigSchema.shape), process.env);
    print(`database ${redactUri(config.MONGODB_URI)}, NATS ${config.NATS_URL}${args.dryRun ? ' (dry run: nothing is published)' : ''}`);
    const db = await mongoose.createConnection(config.MONGODB_URI, { serverSelectionTimeoutMS: 5000, bufferCommands: false }).asPromise();
    const nc = await connectNats({ url: config.NATS_URL, name, reconnectForever: false });
    try {
      // No account-wide JetStream info: a service may read only what replaying needs.
      const jsm = await nc.jetstreamManager({ checkAPI: false });
      return await replay({ args, db, js: nc.jetstream(), jsm, print });
    } finally {
      await nc.drain().catch(() => undefined);
      await db.close().catch(() => undefined);
    }
  };
  main().then(
    (done) => process.exit(done ? 0 : 1),
    (error: unknown) => {
      console.error(`[${name}] failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
