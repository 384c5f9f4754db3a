import { connect, JSONCodec } from 'nats';
import type { PracticeSchedule } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { eventually, natsUrl, natsUser } from './stack';

/**
 * A mistyped-word card's document as catalog-service stores it (practice.store.ts insertIfNew), for
 * seeding the database behind the service's back. Mistyped words need no bank content.
 */
export function storedWordCard(
  uid: string,
  { word, typed, schedule, premium = false, learnt = false, testId = premium ? 4 : 1, attemptId = 'seeded', createdAt = new Date() }: {
    word: string;
    typed: string;
    schedule: PracticeSchedule;
    premium?: boolean;
    learnt?: boolean;
    testId?: number;
    attemptId?: string;
    createdAt?: Date;
  },
) {
  const card = { key: `typed:${word}`, kind: 'mistyped-words', skill: 'grammar', attemptId, testId, premium, word, typed };
  return { uid, key: card.key, kind: card.kind, skill: card.skill, testId, attemptId, premium, learnt, dueAt: new Date(schedule.due), schedule, cardJson: JSON.stringify(card), createdAt };
}

/** Publishes the event again under a new message id (JetStream delivers it instead of dropping it) and waits until the durable acked it. */
export async function redeliver(subject: string, stream: string, durable: string, event: unknown, msgID: string): Promise<void> {
  const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
  try {
    const ack = await nc.jetstream().publish(subject, JSONCodec().encode(event), { msgID });
    const jsm = await nc.jetstreamManager();
    await eventually(() => jsm.consumers.info(stream, durable), (info) => info.ack_floor.stream_seq >= ack.seq, 30_000);
  } finally {
    await nc.close();
  }
}
