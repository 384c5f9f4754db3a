import { randomUUID } from 'node:crypto';
import { isValidObjectId, type Model } from 'mongoose';
import { JSONCodec, type JetStreamClient, type JetStreamManager } from 'nats';
import { Durables, EventStreams, EventSubjects, deadLetterStreamName } from '@fluent/contracts';
import { readDeadLetters, waitForConsumers, type StoredDeadLetter } from '@fluent/server-kit';
import type { Attempt } from '../attempts/attempt.schema';
import { storedSinceFilter } from '../attempts/stored-since';
import { planAttemptReplay, type AttemptReplayPlan, type StoredAttemptRecord } from './replay-plan';

const codec = JSONCodec<unknown>();

export interface AttemptReplayOptions {
  dryRun: boolean;
  /** How long to wait for feedback-service to have taken what was published. */
  waitMs: number;
  /** Also every attempt stored on or after this day (YYYY-MM-DD). */
  since?: string;
  print: (line: string) => void;
}

export interface AttemptReplayIo {
  attempts: Model<Attempt>;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** The consumers of attempt.submitted that replay-attempts waits for. */
export const ATTEMPT_DURABLES = [Durables.feedbackAttempts];

/**
 * Announces attempts again for their writing feedback: every attempt.submitted feedback-service
 * dead-lettered (after ~45 minutes of LanguageTool or its database away) that matches an attempt
 * catalog-service stored, and with --since every attempt stored from that day (an announcement lost
 * with the process that was retrying it). feedback-service prepares each attempt's feedback once
 * (it looks for stored feedback first), so announcing one that has it changes nothing: safe to run
 * any time, and again. Waits until feedback-service has taken everything published; true when it
 * has. The letters stay: deleting them is the operator's step, with the sequence numbers printed.
 */
export async function replayAttempts(io: AttemptReplayIo, options: AttemptReplayOptions): Promise<boolean> {
  const { print } = options;
  const letters = await readDeadLetters(io.jsm, [deadLetterStreamName(EventStreams.attempts)]);
  const byId = await storedByIds(io.attempts, letters);
  const storedSince = options.since ? await storedFrom(io.attempts, options.since) : [];
  const plan = planAttemptReplay(letters, byId, storedSince);
  describePlan(plan, letters.length, storedSince.length, options);
  if (options.dryRun) {
    for (const event of plan.events) print(`  would announce ${event.attemptId} of ${event.uid} (Test ${event.testId}, ${event.at})`);
    return true;
  }
  if (plan.events.length === 0) return true;
  const run = randomUUID();
  let lastSeq = 0;
  for (const event of plan.events) {
    // A new message id: the stream still remembers the attempt id from its first announcement.
    const ack = await io.js.publish(EventSubjects.attemptSubmitted, codec.encode(event), { msgID: `replay:${run}:${event.attemptId}` });
    lastSeq = Math.max(lastSeq, ack.seq);
  }
  print(`announced ${plan.events.length} attempts again (up to #${lastSeq} on ${EventStreams.attempts}); waiting for feedback-service`);
  const done = await waitForConsumers(io.jsm, EventStreams.attempts, ATTEMPT_DURABLES, lastSeq, { waitMs: options.waitMs, print, noun: 'attempt' });
  const handled = letters.filter((l) => plan.events.some((e) => (l.letter.data as { attemptId?: unknown } | undefined)?.attemptId === e.attemptId));
  if (done && handled.length > 0) print(`the dead letters replayed can be removed: ${handled.map((l) => `${l.stream} #${l.seq}`).join(', ')}`);
  return done;
}

function describePlan(plan: AttemptReplayPlan, letters: number, since: number, options: AttemptReplayOptions): void {
  const window = options.since ? `, ${since} attempts stored since ${options.since}` : '';
  options.print(`${letters} dead letters read${window}: ${plan.events.length} attempts to announce again`);
  for (const { stream, seq, letter } of plan.malformed) options.print(`  not an attempt, left alone: ${stream} #${seq} (${letter.error})`);
  for (const { letter, attemptId, reason } of plan.refused) options.print(`  refused: ${attemptId} (${letter.stream} #${letter.seq}): ${reason}`);
}

/** catalog-service's records of the attempts the letters name, read by `_id`. */
async function storedByIds(attempts: Model<Attempt>, letters: StoredDeadLetter[]): Promise<Map<string, StoredAttemptRecord>> {
  const ids = [
    ...new Set(letters.map((l) => (l.letter.data as { attemptId?: unknown } | null)?.attemptId).filter((id): id is string => typeof id === 'string' && isValidObjectId(id))),
  ];
  const found = ids.length === 0 ? [] : await attempts.find({ _id: { $in: ids } }, { uid: 1, testId: 1, submittedAt: 1 }).lean().exec();
  return new Map(found.map((a) => [String(a._id), { _id: String(a._id), uid: a.uid, testId: a.testId, submittedAt: a.submittedAt }]));
}

/** Attempts stored on or after a day, by `_id` (an ObjectId starts with its creation time): the primary index, no scan. */
async function storedFrom(attempts: Model<Attempt>, since: string): Promise<StoredAttemptRecord[]> {
  const found = await attempts.find(storedSinceFilter(since), { uid: 1, testId: 1, submittedAt: 1 }).lean().exec();
  return found.map((a) => ({ _id: String(a._id), uid: a.uid, testId: a.testId, submittedAt: a.submittedAt }));
}
