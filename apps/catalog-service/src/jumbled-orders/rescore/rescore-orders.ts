import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { JSONCodec, type JetStreamClient, type JetStreamManager } from 'nats';
import { Durables, EventStreams, EventSubjects, type JumbledOrderAcceptedEvent } from '@fluent/contracts';
import { waitForConsumers, type ReplayArgs } from '@fluent/server-kit';
import { readDetail, type AttemptDetail } from '../../attempts/attempt.schema';
import { storedSinceFilter } from '../../attempts/stored-since';
import type { JumbledAnswer } from '../../attempts/jumbled-answer.schema';
import type { JumbledOrderDecision } from '../jumbled-order-decision.schema';
import { unlistedAnswersOf } from './unlisted-answers';

const codec = JSONCodec<JumbledOrderAcceptedEvent>();
/** Details read per round trip: the answers, score and questions of an attempt are a few kB. */
const BATCH = 200;

export interface RescoreIo {
  details: Model<AttemptDetail>;
  jumbledAnswers: Model<JumbledAnswer>;
  decisions: Model<JumbledOrderDecision>;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

export type RescoreOptions = ReplayArgs & { print: (line: string) => void };

/**
 * rescore-jumbled-orders: (1) indexes every stored attempt's unlisted jumbled orders that the
 * jumbledAnswers index lacks (attempts stored before it existed, or whose indexing failed and was
 * logged), then (2) announces every accepted order again, so that catalog-service's durable
 * consumer applies it to the attempts just indexed. Both steps are idempotent (a row is inserted
 * only when absent; an attempt records the orders applied to it): safe to run again. With
 * --since, only attempts stored from that day are read. True when the consumer has applied all.
 */
export async function rescoreJumbledOrders(io: RescoreIo, options: RescoreOptions): Promise<boolean> {
  const { print } = options;
  const { read, missing, unreadable } = await indexUnlistedAnswers(io, options);
  print(`${read} attempts read${options.since ? ` (stored since ${options.since})` : ''}: ${missing} unlisted jumbled answers ${options.dryRun ? 'would be' : 'were'} added to the index`);
  if (unreadable.length > 0) print(`${unreadable.length} attempt details could not be read and were left alone: ${unreadable.slice(0, 10).join(', ')}${unreadable.length > 10 ? ' …' : ''}`);

  const accepted = await io.decisions.find({ decision: 'accept' }, { _id: 0, itemId: 1, order: 1, sentence: 1, decidedAt: 1 }).lean<Pick<JumbledOrderDecision, 'itemId' | 'order' | 'sentence' | 'decidedAt'>[]>();
  if (options.dryRun) {
    print(`would announce ${accepted.length} accepted orders again`);
    return true;
  }
  if (accepted.length === 0) {
    print('no accepted orders to apply');
    return true;
  }
  const run = randomUUID();
  let lastSeq = 0;
  for (const decision of accepted) {
    const event: JumbledOrderAcceptedEvent = { itemId: decision.itemId, order: decision.order, sentence: decision.sentence, acceptedAt: decision.decidedAt.toISOString() };
    // A message id of this run: the stream still remembers the operator's own announcement.
    const ack = await io.js.publish(EventSubjects.jumbledOrderAccepted, codec.encode(event), { msgID: `rescore:${run}:${decision.itemId}:${decision.order}` });
    lastSeq = Math.max(lastSeq, ack.seq);
  }
  print(`announced ${accepted.length} accepted orders again (up to #${lastSeq} on ${EventStreams.attempts}); waiting for catalog-service to apply them`);
  return waitForConsumers(io.jsm, EventStreams.attempts, [Durables.jumbledOrders], lastSeq, { waitMs: options.waitMs, print, noun: 'accepted order' });
}

/** Step 1, in `_id` order on the primary index; a row already there (by its index's key) is left. */
async function indexUnlistedAnswers(io: RescoreIo, options: RescoreOptions): Promise<{ read: number; missing: number; unreadable: string[] }> {
  const filter = options.since ? storedSinceFilter(options.since) : {};
  let read = 0;
  let missing = 0;
  const unreadable: string[] = [];
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
      missing += 1;
    }
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  return { read, missing, unreadable };
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
