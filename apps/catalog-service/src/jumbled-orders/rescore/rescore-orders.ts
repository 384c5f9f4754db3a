import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { JSONCodec, type JetStreamClient, type JetStreamManager } from 'nats';
import { Durables, EventStreams, EventSubjects, type JumbledOrderAcceptedEvent } from '@fluent/contracts';
import { waitForConsumers, type ReplayArgs } from '@fluent/server-kit';
import { readDetail, type AttemptDetail } from '../../attempts/attempt.schema';
import { storedSinceFilter } from '../../attempts/stored-since';
import type { JumbledAnswer } from '../../attempts/jumbled-answer.schema';
import type { JumbledOrderDecision } from '../jumbled-order-decision.schema';
import type { ListedOrder } from './listed-orders';
import { unlistedAnswersOf } from './unlisted-answers';

const codec = JSONCodec<JumbledOrderAcceptedEvent>();
/** Details read per round trip: the answers, score and questions of an attempt are a few kB. */
const BATCH = 200;

export interface RescoreIo {
  details: Model<AttemptDetail>;
  jumbledAnswers: Model<JumbledAnswer>;
  decisions: Model<JumbledOrderDecision>;
  /** The alternatives this release's bank lists (listedAlternatives of the bank's jumbled items). */
  listed: readonly ListedOrder[];
  js: JetStreamClient;
  jsm: JetStreamManager;
}

export type RescoreOptions = ReplayArgs & { print: (line: string) => void };

/**
 * rescore-jumbled-orders: (1) indexes every stored attempt's unlisted jumbled orders that the
 * jumbledAnswers index lacks (attempts stored before it existed, or whose indexing failed and was
 * logged), then (2) announces every accepted order again, and every order this release's bank
 * lists that a stored attempt gave as an unlisted one (a release that adds an alternative would
 * otherwise leave those attempts wrong), so that catalog-service's durable consumer applies them
 * to the attempts indexed. Both steps are idempotent (a row is inserted only when absent; an
 * attempt records the orders applied to it): safe to run again. With --since, only attempts
 * stored from that day are read. True when the consumer has applied all.
 */
export async function rescoreJumbledOrders(io: RescoreIo, options: RescoreOptions): Promise<boolean> {
  const { print } = options;
  const { read, missing, unreadable, added } = await indexUnlistedAnswers(io, options);
  print(`${read} attempts read${options.since ? ` (stored since ${options.since})` : ''}: ${missing} unlisted jumbled answers ${options.dryRun ? 'would be' : 'were'} added to the index`);
  if (unreadable.length > 0) print(`${unreadable.length} attempt details could not be read and were left alone: ${unreadable.slice(0, 10).join(', ')}${unreadable.length > 10 ? ' …' : ''}`);

  const accepted = await io.decisions.find({ decision: 'accept' }, { _id: 0, itemId: 1, order: 1, sentence: 1, decidedAt: 1 }).lean<Pick<JumbledOrderDecision, 'itemId' | 'order' | 'sentence' | 'decidedAt'>[]>();
  const now = new Date().toISOString();
  const events: JumbledOrderAcceptedEvent[] = accepted.map((d) => ({ itemId: d.itemId, order: d.order, sentence: d.sentence, acceptedAt: d.decidedAt.toISOString() }));
  const listed = await listedOrdersGiven(io, added, new Set(accepted.map(orderId)));
  events.push(...listed.map((o) => ({ itemId: o.itemId, order: o.order, sentence: o.sentence, acceptedAt: now })));
  const what = `${accepted.length} accepted orders and ${listed.length} orders the bank lists that stored attempts gave`;
  if (options.dryRun) {
    print(`would announce ${what}`);
    return true;
  }
  if (events.length === 0) {
    print('no accepted or listed orders to apply');
    return true;
  }
  const run = randomUUID();
  let lastSeq = 0;
  for (const event of events) {
    // A message id of this run: the stream still remembers the operator's own announcement.
    const ack = await io.js.publish(EventSubjects.jumbledOrderAccepted, codec.encode(event), { msgID: `rescore:${run}:${orderId(event)}` });
    lastSeq = Math.max(lastSeq, ack.seq);
  }
  print(`announced ${what} (up to #${lastSeq} on ${EventStreams.attempts}); waiting for catalog-service to apply them`);
  return waitForConsumers(io.jsm, EventStreams.attempts, [Durables.jumbledOrders], lastSeq, { waitMs: options.waitMs, print, noun: 'accepted order' });
}

const orderId = (o: { itemId: number; order: string }) => `${o.itemId}:${o.order}`;

/**
 * The bank's listed orders some stored attempt gave as unlisted: those step 1 found (also in a dry
 * run, which inserts nothing) or the index already has, by its (itemId, order) prefix. Orders with
 * an accepted decision are announced as such already (`skip`).
 */
async function listedOrdersGiven(io: RescoreIo, found: ReadonlySet<string>, skip: ReadonlySet<string>): Promise<ListedOrder[]> {
  const given: ListedOrder[] = [];
  for (const listed of io.listed) {
    if (skip.has(orderId(listed))) continue;
    if (found.has(orderId(listed)) || (await io.jumbledAnswers.exists({ itemId: listed.itemId, order: listed.order }))) given.push(listed);
  }
  return given;
}

/** Step 1, in `_id` order on the primary index; a row already there (by its index's key) is left. */
async function indexUnlistedAnswers(io: RescoreIo, options: RescoreOptions): Promise<{ read: number; missing: number; unreadable: string[]; added: Set<string> }> {
  const filter = options.since ? storedSinceFilter(options.since) : {};
  let read = 0;
  let missing = 0;
  const unreadable: string[] = [];
  const added = new Set<string>();
  let pending: JumbledAnswer[] = [];
  const flush = async () => {
    if (!options.dryRun && pending.length > 0) await io.jumbledAnswers.insertMany(pending);
    pending = [];
  };
  for await (const stored of io.details.find(filter).sort({ _id: 1 }).lean<AttemptDetail>().cursor({ batchSize: BATCH })) {
    read += 1;
    const rows = unlistedRowsOf(stored);
    if (!rows) {
      unreadable.push(String(stored._id));
      continue;
    }
    for (const row of rows) {
      // (itemId, order) leads the lookup index the rescoring reads; few attempts share one order.
      if (await io.jumbledAnswers.exists({ itemId: row.itemId, order: row.order, attemptId: row.attemptId })) continue;
      pending.push(row);
      added.add(orderId(row));
      missing += 1;
    }
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  return { read, missing, unreadable, added };
}

/** A damaged detail (no score or questions, or a score without its jumbled section) is reported, not a reason to stop. */
function unlistedRowsOf(stored: AttemptDetail): JumbledAnswer[] | undefined {
  try {
    const record = readDetail(stored);
    return Array.isArray(record.score.jumbled?.items) && Array.isArray(record.questions.jumbled) ? unlistedAnswersOf(record) : undefined;
  } catch {
    return undefined;
  }
}
