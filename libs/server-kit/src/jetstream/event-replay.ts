import type { JetStreamManager } from 'nats';
import type { DeadLetter } from './dead-letters';
import { isNotFound } from './reconcile';

/**
 * What the replay scripts share (payment-service's replay-payments, catalog-service's
 * replay-attempts): reading a stream's dead letters, and waiting until the consumers that apply
 * the events have acknowledged what was published again.
 */

/** A dead letter as read from its stream, with where it was. */
export interface StoredDeadLetter {
  stream: string;
  seq: number;
  letter: DeadLetter;
}

/**
 * Every dead letter still in these streams, oldest first (a missing stream has none). Reads
 * message by message, so it needs only STREAM.INFO and STREAM.MSG.GET, the rights a service's
 * replay is given, never a consumer of its own on the dead letters.
 */
export async function readDeadLetters(jsm: JetStreamManager, streams: string[]): Promise<StoredDeadLetter[]> {
  const letters: StoredDeadLetter[] = [];
  for (const stream of streams) {
    const info = await jsm.streams.info(stream).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!info || info.state.messages === 0) continue;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      // A gap (a message deleted by hand, or aged out meanwhile) is no letter.
      const message = await jsm.streams.getMessage(stream, { seq }).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
      if (message) letters.push({ stream, seq, letter: message.json<DeadLetter>() });
    }
  }
  return letters;
}

export interface WaitForConsumersOptions {
  waitMs: number;
  print: (line: string) => void;
  /** What the consumers apply, for the report: "payment", "attempt". */
  noun: string;
}

/** Polls each durable of `stream` until it has acknowledged everything up to `lastSeq`; true when all have. */
export async function waitForConsumers(jsm: JetStreamManager, stream: string, durables: string[], lastSeq: number, options: WaitForConsumersOptions): Promise<boolean> {
  const deadline = Date.now() + options.waitMs;
  const pending = new Set(durables);
  while (pending.size > 0 && Date.now() < deadline) {
    for (const durable of [...pending]) {
      const info = await jsm.consumers.info(stream, durable);
      if (info.ack_floor.stream_seq >= lastSeq) {
        options.print(`${durable}: applied every ${options.noun}`);
        pending.delete(durable);
      }
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const durable of pending) {
    options.print(
      `${durable}: has not applied them all after ${Math.round(options.waitMs / 1000)} s; its service's log says why ("Event not applied"); it keeps retrying`,
    );
  }
  return pending.size === 0;
}
