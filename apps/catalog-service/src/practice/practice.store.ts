import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model } from 'mongoose';
import type { PracticeCard, PracticeSchedule } from '@fluent/contracts';
import { isLearnt, type PracticeGrade, type ProgressCard } from '@fluent/practice';
import { isDuplicateKey } from '@fluent/server-kit';
import { PracticeCardRecord, PracticeReviewRecord, type PracticeCardDoc as CardDoc } from './practice-card.schema';
import { QUEUE_READ_CAP, queueFromRead } from './queue-read';
import { queueOfEntries, type QueueEntry } from './queue-view';
import { QueueViewStore } from './queue-view.store';

/** A stored card as the service reads it. */
export interface StoredCard {
  id: string;
  card: PracticeCard;
  schedule: PracticeSchedule;
  dueAt: Date;
  premium: boolean;
}

const toStored = (doc: Pick<CardDoc, '_id' | 'cardJson' | 'schedule' | 'dueAt' | 'premium'>): StoredCard => ({
  id: doc._id.toString(),
  card: JSON.parse(doc.cardJson) as PracticeCard,
  schedule: doc.schedule,
  dueAt: doc.dueAt,
  premium: doc.premium,
});

/** A due card as the queue serves it. */
export type QueuedCard = Pick<StoredCard, 'id' | 'card' | 'dueAt'>;

const toQueued = (doc: Pick<CardDoc, '_id' | 'cardJson' | 'dueAt'>): QueuedCard => ({ id: doc._id.toString(), card: JSON.parse(doc.cardJson) as PracticeCard, dueAt: doc.dueAt });
const entryToQueued = (entry: QueueEntry): QueuedCard => ({ id: entry.id, card: JSON.parse(entry.cardJson) as PracticeCard, dueAt: new Date(entry.due) });

/** The queue's filter: the learner's unlearnt cards due by `end`, without premium ones unless they have access. */
export function queueFilter(uid: string, end: Date, premiumAccess: boolean): Record<string, unknown> {
  return { uid, learnt: false, dueAt: { $lte: end }, ...(premiumAccess ? {} : { premium: false }) };
}

/** One day more than a year: the longest streak the progress figures count. */
const REVIEW_HISTORY_MS = 366 * 86_400_000;

/** practiceCards and practiceReviews: every query by key or by one of the indexes in practice-card.schema.ts. */
@Injectable()
export class PracticeStore implements OnModuleInit {
  constructor(
    @InjectModel(PracticeCardRecord.name) private readonly cards: Model<PracticeCardRecord>,
    @InjectModel(PracticeReviewRecord.name) private readonly reviews: Model<PracticeReviewRecord>,
    private readonly views: QueueViewStore,
  ) {}

  async onModuleInit(): Promise<void> {
    await Promise.all([this.cards.createIndexes(), this.reviews.createIndexes()]);
  }

  /**
   * Inserts the card unless the learner has one under its key (`$setOnInsert`): true when it was
   * new. Two deliveries of one event racing each other end in a duplicate key, which is the same "already there".
   */
  async insertIfNew(uid: string, card: PracticeCard, schedule: PracticeSchedule, now: Date): Promise<boolean> {
    const fields: PracticeCardRecord = {
      uid,
      key: card.key,
      kind: card.kind,
      skill: card.skill,
      testId: card.testId,
      attemptId: card.attemptId,
      premium: card.premium,
      learnt: isLearnt(schedule),
      dueAt: new Date(schedule.due),
      schedule,
      cardJson: JSON.stringify(card),
      createdAt: now,
    };
    const { uid: _uid, key: _key, ...onInsert } = fields;
    try {
      const result = await this.cards.updateOne({ uid, key: card.key }, { $setOnInsert: onInsert }, { upsert: true });
      return result.upsertedCount > 0;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Writes of the learner's cards (an event's inserts), which their queue view then follows (queue-view.ts). */
  writingCards<T>(uid: string, write: () => Promise<T>): Promise<T> {
    return this.views.afterWrite(uid, write);
  }

  /**
   * The session's next due cards, most overdue first, and how many are due: from the learner's
   * queue view, read by key (queue-view.ts). A learner with more unlearnt cards than a view holds
   * is read by the cards' index instead. From the view, premium access is asked only when a premium
   * card is due.
   */
  async queue(uid: string, end: Date, premiumAccess: () => Promise<boolean>, limit: number, now: Date): Promise<{ cards: QueuedCard[]; dueToday: number }> {
    const entries = await this.views.entries(uid, now);
    if (!entries) return this.queueByIndex(uid, end, await premiumAccess(), limit);
    const { first, dueToday } = await queueOfEntries(entries, end, premiumAccess, limit);
    return { cards: first.map(entryToQueued), dueToday };
  }

  /**
   * The queue by the cards' (uid, learnt, dueAt) index: one read of at most QUEUE_READ_CAP cards
   * (queue-read.ts says why), counted separately only when the queue is that long.
   */
  private async queueByIndex(uid: string, end: Date, premiumAccess: boolean, limit: number): Promise<{ cards: QueuedCard[]; dueToday: number }> {
    const filter = queueFilter(uid, end, premiumAccess);
    const docs = await this.cards.find(filter, { cardJson: 1, dueAt: 1 }).sort({ dueAt: 1 }).limit(QUEUE_READ_CAP).lean<Array<Pick<CardDoc, '_id' | 'cardJson' | 'dueAt'>>>();
    const { first, dueCount } = queueFromRead(docs, limit);
    return { cards: first.map(toQueued), dueToday: dueCount ?? (await this.cards.countDocuments(filter)) };
  }

  /** The learner's card by id; undefined for an unknown id or another learner's card. */
  async byId(uid: string, id: string): Promise<StoredCard | undefined> {
    if (!isValidObjectId(id)) return undefined;
    const doc = await this.cards.findOne({ _id: id, uid }, { cardJson: 1, schedule: 1, dueAt: 1, premium: 1 }).lean<CardDoc>();
    return doc ? toStored(doc) : undefined;
  }

  /** Every card of the learner as the progress figures count them (by the uid prefix of the unique index). */
  async progressCards(uid: string, premiumAccess: boolean): Promise<ProgressCard[]> {
    const docs = await this.cards
      .find({ uid, ...(premiumAccess ? {} : { premium: false }) }, { _id: 0, skill: 1, schedule: 1 })
      .lean<Array<Pick<PracticeCardRecord, 'skill' | 'schedule'>>>();
    return docs.map(({ skill, schedule }) => ({ skill, schedule }));
  }

  /** The learner's review times of the last 366 days (reviewed today, the streak). */
  async reviewTimes(uid: string, now: Date): Promise<Date[]> {
    const docs = await this.reviews.find({ uid, at: { $gte: new Date(now.getTime() - REVIEW_HISTORY_MS) } }, { _id: 0, at: 1 }).lean<Array<{ at: Date }>>();
    return docs.map(({ at }) => at);
  }

  /** The card's new schedule (and its queue copies, the queue view's among them), and the review itself. */
  async recordReview(uid: string, id: string, schedule: PracticeSchedule, review: { at: Date; grade: PracticeGrade; elapsedMs: number }): Promise<void> {
    await this.views.afterWrite(uid, async () => {
      await this.cards.updateOne({ _id: id, uid }, { $set: { schedule, dueAt: new Date(schedule.due), learnt: isLearnt(schedule) } });
      await this.reviews.create({ uid, cardId: id, ...review });
    });
  }
}
