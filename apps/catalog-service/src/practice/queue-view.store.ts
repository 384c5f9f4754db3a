import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '@fluent/server-kit';
import { PracticeCardRecord, PracticeQueueMarkRecord, PracticeQueueViewRecord, type PracticeCardDoc } from './practice-card.schema';
import { decodeEntries, encodeEntries, inQueueOrder, isViewCurrent, newMark, NO_WRITES_YET, QUEUE_VIEW_MAX_CARDS, type QueueEntry, type QueueView } from './queue-view';

type CardQueueFields = Pick<PracticeCardDoc, '_id' | 'cardJson' | 'dueAt' | 'premium'>;

/** The learner's unlearnt cards in queue order; undefined when there are more than one view holds. */
export type QueueEntries = QueueEntry[] | undefined;

/**
 * practiceQueueMarks and practiceQueueViews (queue-view.ts): the queue read by key, and the marks
 * that say whether a view is current. Every query is by key (`_id` is the learner), except a
 * rebuild's read of the learner's unlearnt cards by the cards' (uid, learnt, dueAt) index.
 */
@Injectable()
export class QueueViewStore {
  private readonly logger = new Logger(QueueViewStore.name);

  constructor(
    @InjectModel(PracticeCardRecord.name) private readonly cards: Model<PracticeCardRecord>,
    @InjectModel(PracticeQueueMarkRecord.name) private readonly marks: Model<PracticeQueueMarkRecord>,
    @InjectModel(PracticeQueueViewRecord.name) private readonly views: Model<PracticeQueueViewRecord>,
  ) {}

  /**
   * After a write of the learner's cards has landed: a new mark, then the view rebuilt for it, so
   * the next read is by key again. A failed mark throws (the write's caller fails, and an event is
   * redelivered) after the view is deleted if the database lets us, so that nothing older is served
   * than the age limit allows; a failed rebuild is only logged: the view no longer carries the mark,
   * so the next read rebuilds it.
   */
  async changed(uid: string): Promise<void> {
    const token = newMark();
    try {
      await this.setMark(uid, token);
    } catch (error) {
      await this.views.deleteOne({ _id: uid }).catch(() => undefined);
      throw error;
    }
    try {
      await this.rebuild(uid, token);
    } catch (error) {
      this.logger.warn(`practice queue view of ${uid} not rebuilt after a write (${error instanceof Error ? error.message : String(error)}); the next read rebuilds it`);
    }
  }

  /**
   * Runs a write of the learner's cards, then `changed`, also when the write failed part way (it
   * may have landed in part). The write's own error is the one thrown; the view's is then logged.
   */
  async afterWrite<T>(uid: string, write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await this.changed(uid).catch((viewError: unknown) => this.logger.warn(`practice queue view of ${uid} not updated after a failed write: ${String(viewError)}`));
      throw error;
    }
    await this.changed(uid);
    return result;
  }

  /** The learner's unlearnt cards in queue order: from the view when it is current, else rebuilt from the cards. */
  async entries(uid: string, now: Date): Promise<QueueEntries> {
    const [mark, view] = await Promise.all([this.marks.findById(uid).lean<PracticeQueueMarkRecord>(), this.views.findById(uid).lean<PracticeQueueViewRecord>()]);
    const token = mark?.token ?? NO_WRITES_YET;
    if (isViewCurrent(view, token, now)) return view!.overflow ? undefined : decodeEntries(view!.entriesJson);
    return this.rebuild(uid, token);
  }

  private async setMark(uid: string, token: string): Promise<void> {
    try {
      await this.marks.replaceOne({ _id: uid }, { token }, { upsert: true });
    } catch (error) {
      // Two first writes of one learner at once: the other inserted the mark; replace it.
      if (!isDuplicateKey(error)) throw error;
      const { matchedCount } = await this.marks.replaceOne({ _id: uid }, { token });
      if (matchedCount !== 1) throw new Error(`practice queue mark of ${uid} neither inserted nor replaced`);
    }
  }

  /**
   * Reads the learner's unlearnt cards and stores them as the view for `token`. The read begins
   * after the mark was `token`, so it holds every card written before the mark took that value; a
   * card written since is followed by another mark, which this view does not carry.
   */
  private async rebuild(uid: string, token: string): Promise<QueueEntries> {
    // Before the read: the age limit counts from the state the view holds.
    const builtAt = new Date();
    const docs = await this.cards
      .find({ uid, learnt: false }, { cardJson: 1, dueAt: 1, premium: 1 })
      .limit(QUEUE_VIEW_MAX_CARDS + 1)
      .lean<CardQueueFields[]>();
    const overflow = docs.length > QUEUE_VIEW_MAX_CARDS;
    const entries = overflow ? [] : inQueueOrder(docs.map((d) => ({ id: d._id.toString(), due: d.dueAt.getTime(), premium: d.premium, cardJson: d.cardJson })));
    const view: QueueView = { token, builtAt, overflow, entriesJson: encodeEntries(entries) };
    try {
      await this.views.replaceOne({ _id: uid }, view, { upsert: true });
    } catch (error) {
      // Another rebuild inserted the learner's first view at the same moment, maybe for another mark:
      // theirs stays. A view for a mark that is not the learner's is never served, only rebuilt.
      if (!isDuplicateKey(error)) throw error;
    }
    return overflow ? undefined : entries;
  }
}
