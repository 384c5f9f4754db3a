import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPaymentSucceeded, submission, uidOf } from '../support/catalog';
import { retryingRequest, type Seen } from '../support/learner-client';
import { metricsUrls } from '../../tools/stack/profiles.mjs';
import { api, eventually, mongoUri, profile, startExtraService } from '../support/stack';
import { bearer, signUpPatiently } from '../support/users';

/**
 * Two replicas of catalog-service in their NATS queue group, one killed with SIGKILL (a crash:
 * nothing drained, requests it held are lost with it) while 50 submissions are under way; it is
 * stopped (SIGSTOP) 300 ms before, so it holds some when it dies. Each
 * learner's client does what the web app does: repeats a submission by its id through an outage.
 * No learner may see an error, and every attempt is stored once: none lost, none twice.
 */
const LEARNERS = 5;
const TESTS_EACH = 10;
const IN_FLIGHT = 8;
/** Submissions answered before the kill: the rest, and those under way, meet it. */
const KILL_AFTER = 12;

async function paidLearner(): Promise<{ token: string; uid: string }> {
  // A cold Keycloak on a loaded machine refused five sign-ups 3 s apart right after the stack
  // started (measured): up to 10 tries 5 s apart. Sign-up is not what this file tests.
  const token = (await signUpPatiently(10, 5_000)).tokens.accessToken;
  const uid = await uidOf(token);
  await publishPaymentSucceeded(uid);
  await eventually(() => api('/api/tests', { headers: bearer(token) }), (r) => r.body.paid === true);
  return { token, uid };
}

describe('a catalog-service replica killed during submissions', () => {
  let mongo: MongoClient;
  let extra: Awaited<ReturnType<typeof startExtraService>> | undefined;
  let learners: { token: string; uid: string }[];

  beforeAll(async () => {
    mongo = await new MongoClient(mongoUri).connect();
    learners = [];
    for (let i = 0; i < LEARNERS; i++) learners.push(await paidLearner());
    extra = await startExtraService('catalog-service');
  }, 240_000);

  afterAll(async () => {
    await extra?.stop();
    await mongo?.close();
  });

  it('costs the learners no error and stores every attempt exactly once', async () => {
    const work = learners.flatMap((learner) => Array.from({ length: TESTS_EACH }, (_, i) => ({ learner, testId: i + 1, body: submission() })));
    const seen: Seen[] = [];
    let answered = 0;
    let killed: Promise<void> | undefined;
    const queue = [...work];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const answer = await retryingRequest(`/api/tests/${next.testId}/attempts`, { method: 'POST', headers: bearer(next.learner.token), body: JSON.stringify(next.body) });
        seen.push(answer);
        if (++answered === KILL_AFTER) {
          // Stopped first, so that the replica surely holds submissions when it dies (killed while
          // idle between two, it held none, and no learner needed the retry this file is about).
          extra!.signal('SIGSTOP');
          killed = new Promise((resolve) => setTimeout(resolve, 300)).then(() => extra!.kill('SIGKILL'));
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;

    expect(seen).toHaveLength(LEARNERS * TESTS_EACH);
    expect(seen.filter((answer) => answer.status !== 201).map(({ status, body }) => ({ status, body }))).toEqual([]);
    // The kill did strike: submissions the dead replica held were answered only after a retry.
    expect(seen.some((answer) => answer.retries > 0)).toBe(true);

    const stored = await mongo
      .db()
      .collection('attempts')
      .find({ uid: { $in: learners.map((l) => l.uid) } }, { projection: { uid: 1, testId: 1, submissionId: 1 } })
      .toArray();
    const key = (uid: string, testId: number, submissionId: string) => `${uid} ${testId} ${submissionId}`;
    expect(stored.map((a) => key(a.uid, a.testId, a.submissionId)).sort()).toEqual(work.map((w) => key(w.learner.uid, w.testId, w.body.submissionId)).sort());
  }, 180_000);
});

/**
 * Reads held by a catalog-service replica when it dies: the gateway sends each read that has no
 * answer after NATS_HEDGE_AFTER_MS (250 ms) again, and the copy goes to the replica still
 * listening (the NATS server dropped the dead one's queue subscription with its socket). Without
 * that, each held read waits out NATS_REQUEST_TIMEOUT_MS (15 s in the test profile) before the 503
 * its client repeats. To be sure reads are in the dying replica's hands, it is first stopped
 * (SIGSTOP: its socket stays open, so NATS still hands it about half of the reads), then killed.
 */
describe('a catalog-service replica killed while it holds reads', () => {
  const READS = 12;
  /** Well under the test profile's 15 s NATS timeout, and far above the hedge delay: a wide margin for a loaded machine. */
  const BOUND_MS = 3_000;
  let extra: Awaited<ReturnType<typeof startExtraService>> | undefined;
  let token: string;

  /** The gateway's count of hedged copies of the cards' read. */
  const hedgedCopies = async (): Promise<number> => {
    const text = await (await fetch(metricsUrls(profile).gateway!)).text();
    const line = text.split('\n').find((l) => l.startsWith('fluent_nats_client_hedged_copies_total{') && l.includes('pattern="catalog.cards.list"'));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };

  beforeAll(async () => {
    token = (await signUpPatiently(10, 5_000)).tokens.accessToken;
    await eventually(() => api('/api/tests', { headers: bearer(token) }), (r) => r.status === 200);
    extra = await startExtraService('catalog-service');
  }, 240_000);

  afterAll(async () => {
    await extra?.stop();
  });

  it('answers every read 200 within 3 s, without the 503 and retry of a timeout, by a copy sent to the live replica', async () => {
    const before = await hedgedCopies();
    extra!.signal('SIGSTOP');
    const reads = Array.from({ length: READS }, async () => {
      const started = Date.now();
      const answer = await retryingRequest('/api/tests', { headers: bearer(token) });
      return { status: answer.status, retries: answer.retries, ms: Date.now() - started };
    });
    // The reads are out (half of them to the stopped replica) before any copy would be.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await extra!.kill('SIGKILL');
    const answers = await Promise.all(reads);

    expect(answers.filter((a) => a.status !== 200 || a.retries > 0)).toEqual([]);
    expect(answers.filter((a) => a.ms >= BOUND_MS)).toEqual([]);
    // The kill did strike reads in flight: the gateway sent copies for them.
    expect(await hedgedCopies()).toBeGreaterThan(before);
  }, 120_000);
});
