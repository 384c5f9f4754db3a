import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Durables, EventStreams, EventSubjects, type AttemptSubmittedEvent } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { ROOT } from '../../tools/stack/paths.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';
import { killStartedProcesses, runNode } from '../support/processes';
import { blankAnswers, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, eventually, mongoUri, natsUrl, natsUser, profile } from '../support/stack';
import { bearer, signUp } from '../support/users';

// replay-attempts (#44): attempts whose writing feedback was never prepared (their event went to
// the dead letters, or was lost with the process retrying it) get it, and a forged letter gets
// nobody anything.
const codec = JSONCodec<unknown>();
const PASSAGE = 'The library was closed on Monday because workers were painting the walls.';
const replay = (...args: string[]) => runNode([join(ROOT, 'apps/catalog-service/dist/replay/command.js'), ...args], appEnvironment(profile, 'catalog-service'));

describe('replay-attempts', () => {
  let nc: NatsConnection;
  const mongo = new MongoClient(mongoUri);
  beforeAll(async () => {
    nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    await mongo.connect();
  });
  afterAll(async () => {
    await nc.drain();
    await mongo.close();
  });
  afterEach(() => killStartedProcesses());

  const feedbackOf = (token: string, attemptId: string) => api(`/api/attempts/${attemptId}/feedback`, { headers: bearer(token) });

  /** A learner with one stored attempt whose feedback was prepared and then lost (as if never prepared). */
  async function attemptWithoutFeedback() {
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const response = await submitAttempt(token, 1, submission(blankAnswers({ passageInputs: [PASSAGE, '', ''] })));
    expect(response.status).toBe(201);
    const attemptId = response.body.attemptId as string;
    await eventually(() => feedbackOf(token, attemptId), (r) => r.status === 200, 90_000);
    await mongo.db().collection<{ _id: string }>('writingFeedback').deleteOne({ _id: attemptId });
    expect((await feedbackOf(token, attemptId)).status).toBe(202);
    const event: AttemptSubmittedEvent = { attemptId, uid: await uidOf(token), testId: 1, at: new Date().toISOString() };
    return { token, attemptId, event };
  }

  async function deadLetter(data: unknown): Promise<void> {
    const letter = {
      stream: EventStreams.attempts,
      durable: Durables.feedbackAttempts,
      subject: EventSubjects.attemptSubmitted,
      streamSequence: 1,
      deliveryCount: 20,
      error: 'LanguageTool did not answer',
      failedAt: new Date().toISOString(),
      data,
    };
    await nc.jetstream().publish(`deadletter.${EventStreams.attempts}.${Durables.feedbackAttempts}`, codec.encode(letter));
  }

  it("prepares the feedback of a dead-lettered attempt, refusing letters that are not catalog-service's attempts; a dry run first changes nothing", async () => {
    const lettered = await attemptWithoutFeedback();
    const other = await attemptWithoutFeedback();
    await deadLetter(lettered.event);
    // Someone else's attempt claimed for the first learner, and an attempt that was never stored.
    await deadLetter({ ...other.event, uid: lettered.event.uid });
    const invented = { ...lettered.event, attemptId: '0000000000000000000000aa' };
    await deadLetter(invented);

    const dry = replay('--dry-run');
    await dry.waitForLine(new RegExp(`would announce ${lettered.attemptId} of ${lettered.event.uid} \\(Test 1,`), 30_000);
    await dry.waitForLine(new RegExp(`refused: ${other.attemptId} \\(FLUENT_ATTEMPTS_DEADLETTER #\\d+\\): the attempt belongs to another learner \\(${other.event.uid}\\)`), 30_000);
    await dry.waitForLine(new RegExp(`refused: ${invented.attemptId} \\(FLUENT_ATTEMPTS_DEADLETTER #\\d+\\): catalog-service stored no such attempt`), 30_000);
    expect(await dry.exited).toEqual({ code: 0, signal: null });
    expect((await feedbackOf(lettered.token, lettered.attemptId)).status).toBe(202);

    const run = replay('--wait-ms=90000');
    await run.waitForLine(/feedback-service-attempts: applied every attempt/, 120_000);
    await run.waitForLine(/the dead letters replayed can be removed: FLUENT_ATTEMPTS_DEADLETTER #\d+/, 10_000);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const ready = await feedbackOf(lettered.token, lettered.attemptId);
    expect(ready.status).toBe(200);
    expect(ready.body.feedback.attemptId).toBe(lettered.attemptId);
    // The refused letter announced nothing: the other learner's attempt is still without feedback.
    expect((await feedbackOf(other.token, other.attemptId)).status).toBe(202);
  }, 300_000);

  it('with --since, prepares the feedback of an attempt whose announcement was lost, without a letter', async () => {
    const lost = await attemptWithoutFeedback();
    const today = new Date().toISOString().slice(0, 10);
    const run = replay(`--since=${today}`, '--wait-ms=90000');
    await run.waitForLine(new RegExp(`\\d+ attempts stored since ${today}: \\d+ attempts to announce again`), 30_000);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const ready = await eventually(() => feedbackOf(lost.token, lost.attemptId), (r) => r.status === 200, 30_000);
    expect(ready.body.feedback.attemptId).toBe(lost.attemptId);
  }, 300_000);
});
