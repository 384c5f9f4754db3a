import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Model } from 'mongoose';
import { RpcException } from '@nestjs/microservices';
import { blankTestAnswers, CatalogErrors, type AttemptSubmission } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { scoreTest } from '@fluent/scoring';
import { attemptFigures, type Attempt, type AttemptDetail } from './attempt.schema';
import { AttemptsService } from './attempts.service';
import type { JumbledAnswer } from './jumbled-answer.schema';

type Row = Attempt & { _id: string };
type DetailRow = Omit<AttemptDetail, '_id'> & { _id: string };
const matches = <T extends object>(row: T, filter: Partial<T>) => Object.entries(filter).every(([key, value]) => String(row[key as keyof T]) === String(value));

/**
 * An in-memory stand-in for the attempts collection with its two unique indexes, and for the
 * details collection keyed by the attempt's id. Tests wrap its methods to let a "racing request"
 * write between two of the service's calls.
 */
function fakeAttempts() {
  const rows: Row[] = [];
  const details: DetailRow[] = [];
  const insert = (doc: Omit<Row, '_id'> & { _id?: unknown }): Row => {
    const clash = rows.some(
      (r) => r.uid === doc.uid && ((r.testId === doc.testId && r.slot === doc.slot) || r.submissionId === doc.submissionId),
    );
    if (clash) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    const row = { ...doc, _id: doc._id ? String(doc._id) : randomUUID().replaceAll('-', '').slice(0, 24) };
    rows.push(row);
    return row;
  };
  /** What a racing request of another submission leaves behind: its detail and its attempt. */
  const insertRacer = (uid: string, submission: AttemptSubmission, slot: number): Row => {
    const score = scoreTest(test1, submission.answers);
    const row = insert({ uid, testId: 1, slot, submissionId: submission.submissionId, submittedAt: new Date(), figures: attemptFigures(score) });
    details.push({ _id: row._id, uid, testId: 1, submittedAt: row.submittedAt, answers: submission.answers, score, questions: test1 });
    return row;
  };
  const model = {
    countDocuments: async (filter: Partial<Row>) => rows.filter((r) => matches(r, filter)).length,
    create: async (doc: Omit<Row, '_id'>) => {
      const row = insert(doc);
      return { toObject: () => row };
    },
    findOne: (filter: Partial<Row>) => ({ lean: async () => rows.find((r) => matches(r, filter)) ?? null }),
  };
  const detailModel = {
    create: async (doc: DetailRow) => {
      details.push({ ...doc, _id: String(doc._id) });
    },
    findById: (id: unknown) => ({ lean: async () => details.find((d) => d._id === String(id)) ?? null }),
    deleteOne: async ({ _id }: { _id: unknown }) => {
      const at = details.findIndex((d) => d._id === String(_id));
      if (at >= 0) details.splice(at, 1);
    },
  };
  // Blank answers use no item's words: nothing is indexed in these specs.
  const jumbledAnswerModel = { insertMany: async () => [] };
  return {
    rows,
    details,
    insert,
    insertRacer,
    service: (rules: { attemptsPerTest: number; historyLimit: number }) =>
      new AttemptsService(
        model as unknown as Model<Attempt>,
        detailModel as unknown as Model<AttemptDetail>,
        jumbledAnswerModel as unknown as Model<JumbledAnswer>,
        { orders: async () => new Map() },
        rules,
      ),
    model,
  };
}

const test1 = assembleTest(questionBank(), 1)!;
const blank = (): AttemptSubmission => ({
  submissionId: randomUUID(),
  answers: blankTestAnswers(),
});
const rules = { attemptsPerTest: 1, historyLimit: 100 };
const statusOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'stored';
  } catch (error) {
    return ((error as RpcException).getError() as { statusCode: number; message: string });
  }
};

describe('AttemptsService.submit', () => {
  it('answers with the attempt its own racing retry stored, when the count already shows the allowance used', async () => {
    const submission = blank();
    const store = fakeAttempts();
    // The retry of this same submission lands between this request's first look-up and its count.
    store.model.countDocuments = ((original) => async (filter: Partial<Row>) => {
      if (store.rows.length === 0) store.insertRacer('ana', submission, 1);
      return original(filter);
    })(store.model.countDocuments);
    const result = await store.service(rules).submit('ana', test1, submission);
    expect(result.attemptId).toBe(store.rows[0]!._id);
    expect(store.rows).toHaveLength(1);
    // This request's own detail is removed again: only the winner's remains.
    expect(store.details.map((d) => d._id)).toEqual([store.rows[0]!._id]);
  });

  it('takes the next slot when a racing submission took the one it tried, up to the allowance', async () => {
    const store = fakeAttempts();
    const racer = blank();
    let raced = false;
    // After this request counted 0, another submission stores slot 1: this one's insert of slot 1 clashes.
    store.model.create = ((original) => async (doc: Omit<Row, '_id'>) => {
      if (!raced) {
        raced = true;
        store.insertRacer('ana', racer, doc.slot);
      }
      return original(doc);
    })(store.model.create);
    const service = store.service({ ...rules, attemptsPerTest: 2 });
    const result = await service.submit('ana', test1, blank());
    expect(store.rows.map((r) => r.slot)).toEqual([1, 2]);
    expect(result.attemptId).toBe(store.rows[1]!._id);
    expect(store.details.map((d) => d._id).sort()).toEqual(store.rows.map((r) => r._id).sort());
  });

  it('refuses with 409 once the allowance is used, and stores nothing', async () => {
    const store = fakeAttempts();
    const service = store.service(rules);
    await service.submit('ana', test1, blank());
    expect(await statusOf(service.submit('ana', test1, blank()))).toEqual({ statusCode: 409, message: CatalogErrors.alreadyAttempted });
    expect(store.rows).toHaveLength(1);
    expect(store.details.map((d) => d._id)).toEqual([store.rows[0]!._id]);
  });

  it('refuses a submission id already used for another test with 409', async () => {
    const store = fakeAttempts();
    const service = store.service(rules);
    const submission = blank();
    await service.submit('ana', test1, submission);
    const test2 = assembleTest(questionBank(), 2)!;
    expect(await statusOf(service.submit('ana', test2, submission))).toEqual({ statusCode: 409, message: CatalogErrors.submissionForOtherTest });
    expect(store.rows).toHaveLength(1);
  });

  it('keeps learners apart: the same test and submission id for two learners are two attempts', async () => {
    const store = fakeAttempts();
    const service = store.service(rules);
    const submission = blank();
    await service.submit('ana', test1, submission);
    await service.submit('ben', test1, submission);
    expect(store.rows.map((r) => r.uid)).toEqual(['ana', 'ben']);
  });
});

describe('AttemptsService.get', () => {
  it("answers another learner's attempt exactly like an unknown id: 404 'Attempt not found.' (an id tells nothing)", async () => {
    const store = fakeAttempts();
    const service = store.service(rules);
    const { attemptId } = await service.submit('ana', test1, blank());
    const notFound = { statusCode: 404, message: CatalogErrors.attemptNotFound };
    expect(await statusOf(service.get('ben', attemptId))).toEqual(notFound);
    expect(await statusOf(service.get('ana', 'a'.repeat(24)))).toEqual(notFound);
    expect(await statusOf(service.get('ana', 'not-an-id'))).toEqual(notFound);
    expect((await service.get('ana', attemptId)).attemptId).toBe(attemptId);
  });
});
