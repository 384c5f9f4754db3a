import { randomUUID } from 'node:crypto';

/**
 * The learner's queue view (issue 47): every unlearnt card of one learner, with what the queue
 * serves of it, as one JSON text in one document read by key. Why: FerretDB v1 bounds the due date,
 * sorts and limits in Go, so a queue read by the cards' index decoded every unlearnt card of the
 * learner in full (8 ms for 70); one document holding one text is a single small decode.
 *
 * The cards stay the truth; the view is derived from them and trusted only while it carries the
 * learner's current mark. Every write of a learner's cards ends by setting the mark to a new random
 * token, then rebuilds the view from the cards read after that, labelled with that token. A view
 * whose token is not the mark's (a write landed since, or its rebuild failed) is rebuilt on read.
 *
 * Why a token and not counters: FerretDB applies an update by reading the document and writing it
 * back, so two increments at once can lose one, and a lost count would let a stale view pass. A
 * token only ever replaces the whole value: whichever write lands last leaves a token that no view
 * built before it carries. The mark and the view are separate documents for the same reason (each
 * has one kind of writer, and never a field another one writes).
 */

/** One unlearnt card as the queue serves it. */
export interface QueueEntry {
  id: string;
  /** Due time, epoch ms. */
  due: number;
  premium: boolean;
  /** The card as stored (its JSON text), served as it is. */
  cardJson: string;
}

/** The view as stored. */
export interface QueueView {
  /** The mark this view was built for. */
  token: string;
  /** When its cards were read, by the clock of the replica that read them. */
  builtAt: Date;
  /** More unlearnt cards than one view holds: the queue is read from the cards' index. */
  overflow: boolean;
  entriesJson: string;
}

/**
 * The most cards one view holds: a few hundred bytes each (a fix-your-sentence card with its issues
 * up to about 2 kB), so a few MB at most, far below MongoDB's 16 MB per document.
 */
export const QUEUE_VIEW_MAX_CARDS = 2_000;

/**
 * The mark of a learner whose cards were never written through the service since views exist (cards
 * stored before, or none): their first read builds the view for it.
 */
export const NO_WRITES_YET = 'none';

/** A new mark: a random UUID, never NO_WRITES_YET. */
export const newMark = (): string => randomUUID();

/**
 * A view older than this is rebuilt even with the current mark. Its only job: a process that died
 * between writing a card and setting the mark (or an older release writing cards during a rolling
 * update) leaves the view behind for this long at most.
 */
export const QUEUE_VIEW_MAX_AGE_MS = 10 * 60_000;

/**
 * How far in the future a view's build time may be: it is the clock of the replica that built it,
 * and a replica whose clock is a little behind must not rebuild a view built just now.
 */
export const QUEUE_VIEW_CLOCK_SKEW_MS = 60_000;

/** Whether the view may be served: built for the learner's current mark, and recently. */
export function isViewCurrent(view: Pick<QueueView, 'token' | 'builtAt'> | null | undefined, mark: string, now: Date): boolean {
  if (!view || view.token !== mark) return false;
  const age = now.getTime() - view.builtAt.getTime();
  return age >= -QUEUE_VIEW_CLOCK_SKEW_MS && age <= QUEUE_VIEW_MAX_AGE_MS;
}

/** The queue's order: by due date, then id, so cards due at the same moment (all of one attempt's) keep one order from read to read. */
export function inQueueOrder(entries: readonly QueueEntry[]): QueueEntry[] {
  return [...entries].sort((a, b) => a.due - b.due || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The view's text: the entries in queue order, each a short array (the keys would double its size). */
export function encodeEntries(entries: readonly QueueEntry[]): string {
  return JSON.stringify(inQueueOrder(entries).map((e) => [e.id, e.due, e.premium ? 1 : 0, e.cardJson]));
}

export function decodeEntries(text: string): QueueEntry[] {
  const rows = JSON.parse(text) as Array<[string, number, 0 | 1, string]>;
  return rows.map(([id, due, premium, cardJson]) => ({ id, due, premium: premium === 1, cardJson }));
}

/**
 * The queue from the learner's unlearnt cards in queue order: the first `limit` due by `end`, most
 * overdue first, and how many are due; premium cards only with access. Access is asked only when a
 * premium card is due, so a learner with none due costs no read of it.
 */
export async function queueOfEntries(
  sorted: readonly QueueEntry[],
  end: Date,
  premiumAccess: () => Promise<boolean>,
  limit: number,
): Promise<{ first: QueueEntry[]; dueToday: number }> {
  const dueBy = sorted.filter((e) => e.due <= end.getTime());
  const due = dueBy.some((e) => e.premium) && !(await premiumAccess()) ? dueBy.filter((e) => !e.premium) : dueBy;
  return { first: due.slice(0, limit), dueToday: due.length };
}
