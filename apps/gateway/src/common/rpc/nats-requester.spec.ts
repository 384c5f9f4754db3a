import type { Msg, MsgHdrs, NatsConnection } from 'nats';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNoResponders, isTimeout, MAX_HEDGED_COPIES, NatsRequester } from './nats-requester';

// Hedged requests (a read sent again when its reply is slow) against a fake connection that
// records what is published and lets the test answer any copy, with fake time. The real
// connection's request/reply is tests/integration/nats-requester.spec.ts's.

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

interface Published {
  subject: string;
  data: string;
  reply: string;
}

/** A NatsConnection that keeps what is published and hands the reply subscription a message on `answer`. */
function fakeConnection() {
  const published: Published[] = [];
  let onMessage: ((error: Error | null, message: Msg) => void) | undefined;
  const connection = {
    publish: (subject: string, data: Uint8Array, options: { reply: string; headers?: MsgHdrs }) => published.push({ subject, data: decode(data), reply: options.reply }),
    subscribe: (_subject: string, options: { callback: (error: Error | null, message: Msg) => void }) => {
      onMessage = options.callback;
    },
    status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
    isClosed: () => false,
    drain: async () => undefined,
  };
  /** The reply to the copy published `index`-th: its data, or NATS's 503 "no responders" status. */
  const answer = (index: number, reply: string | 'no responders') => {
    const { reply: subject } = published[index]!;
    const headers = reply === 'no responders' ? ({ hasError: true, code: 503 } as unknown as MsgHdrs) : undefined;
    onMessage!(null, { subject, data: reply === 'no responders' ? new Uint8Array() : encode(reply), headers } as Msg);
  };
  return { connection: connection as unknown as NatsConnection, published, answer };
}

async function connectedRequester(onHedge = vi.fn()) {
  const fake = fakeConnection();
  const requester = new NatsRequester({ url: 'nats://fake', name: 'test', credentials: { user: 'gateway', password: 'pw' }, connect: async () => fake.connection, onHedge });
  await vi.waitFor(() => expect(requester.isConnected()).toBe(true));
  return { requester, onHedge, ...fake };
}

/** Settles into 'answer: …', 'timeout', 'no responders' or 'waiting' without failing the test. */
function outcomeOf(promise: Promise<Uint8Array>) {
  let outcome = 'waiting';
  promise.then(
    (bytes) => (outcome = `answer: ${decode(bytes)}`),
    (error: unknown) => (outcome = isTimeout(error) ? 'timeout' : isNoResponders(error) ? 'no responders' : `error: ${String(error)}`),
  );
  return () => outcome;
}

/** Lets fake time pass, then one real turn of the event loop: requests are published in its check phase (setImmediate). */
async function elapse(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('NatsRequester: hedged requests', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one copy after the hedge delay without a reply, then one more, and no more than that', async () => {
    const { requester, published, onHedge } = await connectedRequester();
    outcomeOf(requester.request('feedback.attempts.get', encode('read'), 15_000, undefined, 250));
    await elapse(249);
    expect(published).toHaveLength(1);
    await elapse(1);
    expect(published).toHaveLength(2);
    await elapse(250);
    expect(published).toHaveLength(1 + MAX_HEDGED_COPIES);
    await elapse(5_000);
    expect(published).toHaveLength(1 + MAX_HEDGED_COPIES);
    // The same request each time, on the same subject, each copy with a reply subject of its own.
    expect(published.map(({ subject, data }) => `${subject} ${data}`)).toEqual(Array(3).fill('feedback.attempts.get read'));
    expect(new Set(published.map((p) => p.reply)).size).toBe(3);
    expect(onHedge.mock.calls).toEqual([['feedback.attempts.get'], ['feedback.attempts.get']]);
  });

  it("answers with the copy's reply when the copy answers first, and ignores the first request's late reply", async () => {
    const { requester, published, answer } = await connectedRequester();
    const outcome = outcomeOf(requester.request('catalog.cards.list', encode('read'), 15_000, undefined, 250));
    await elapse(250);
    answer(1, 'from the live replica');
    await elapse(0);
    expect(outcome()).toBe('answer: from the live replica');
    // Answered: the first request's token is forgotten with it, before its reply ever comes.
    expect(requester.waiting).toBe(0);
    answer(0, 'from the slow replica'); // the first copy's reply comes late: nothing waits for it
    await elapse(0);
    expect(outcome()).toBe('answer: from the live replica');
    // Answered: no further copy goes out, and nothing is left waiting (no pending entry, no timer).
    await elapse(20_000);
    expect(published).toHaveLength(2);
    expect(requester.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers with the first reply when the first request answers after a copy went out, and forgets the copy', async () => {
    const { requester, published, answer } = await connectedRequester();
    const outcome = outcomeOf(requester.request('catalog.cards.list', encode('read'), 15_000, undefined, 250));
    await elapse(300);
    answer(0, 'first');
    await elapse(0);
    expect(outcome()).toBe('answer: first');
    expect(requester.waiting).toBe(0);
    answer(1, 'copy');
    await elapse(0);
    expect(outcome()).toBe('answer: first');
    expect(vi.getTimerCount()).toBe(0);
    expect(published).toHaveLength(2);
  });

  it('sends no copy when the reply comes within the hedge delay', async () => {
    const { requester, published, answer, onHedge } = await connectedRequester();
    const outcome = outcomeOf(requester.request('catalog.cards.list', encode('read'), 15_000, undefined, 250));
    await elapse(200);
    answer(0, 'in time');
    await elapse(10_000);
    expect(outcome()).toBe('answer: in time');
    expect(published).toHaveLength(1);
    expect(onHedge).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['a write (no hedge delay given)', undefined],
    ['hedging turned off (0)', 0],
  ])('never sends a copy for %s: one request, and a timeout at the deadline', async (_kind, hedgeAfterMs) => {
    const { requester, published, onHedge } = await connectedRequester();
    const outcome = outcomeOf(requester.request('catalog.attempts.submit', encode('write'), 15_000, undefined, hedgeAfterMs));
    await elapse(14_999);
    expect(outcome()).toBe('waiting');
    await elapse(1);
    expect(outcome()).toBe('timeout');
    expect(published).toHaveLength(1);
    expect(onHedge).not.toHaveBeenCalled();
  });

  it('keeps the deadline of the first request: copies do not extend it', async () => {
    const { requester, published } = await connectedRequester();
    const outcome = outcomeOf(requester.request('feedback.trend', encode('read'), 1_000, undefined, 250));
    await elapse(999);
    expect(outcome()).toBe('waiting');
    await elapse(1);
    expect(outcome()).toBe('timeout');
    expect(published).toHaveLength(3);
    expect(requester.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends no copy whose time falls at or after the deadline', async () => {
    const { requester, published } = await connectedRequester();
    const outcome = outcomeOf(requester.request('feedback.trend', encode('read'), 400, undefined, 250));
    await elapse(400);
    expect(outcome()).toBe('timeout');
    expect(published).toHaveLength(2);
  });

  it('fails at once with "no responders" when nothing listens, and sends no copy blindly', async () => {
    const { requester, published, answer, onHedge } = await connectedRequester();
    const outcome = outcomeOf(requester.request('feedback.attempts.get', encode('read'), 15_000, undefined, 250));
    await elapse(0);
    answer(0, 'no responders');
    await elapse(0);
    expect(outcome()).toBe('no responders');
    await elapse(1_000);
    expect(published).toHaveLength(1);
    expect(onHedge).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits on for the first request when a copy finds no responders (a replica shutting down still answers what it holds)', async () => {
    const { requester, answer } = await connectedRequester();
    const outcome = outcomeOf(requester.request('feedback.attempts.get', encode('read'), 15_000, undefined, 250));
    await elapse(250);
    answer(1, 'no responders');
    await elapse(0);
    expect(outcome()).toBe('waiting');
    answer(0, 'finished by the draining replica');
    await elapse(0);
    expect(outcome()).toBe('answer: finished by the draining replica');
    expect(requester.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still times out at the deadline when the first request found no responders after a copy went out', async () => {
    const { requester, published, answer } = await connectedRequester();
    const outcome = outcomeOf(requester.request('feedback.attempts.get', encode('read'), 2_000, undefined, 250));
    await elapse(250);
    answer(0, 'no responders');
    await elapse(1_749);
    expect(outcome()).toBe('waiting');
    expect(published).toHaveLength(3);
    await elapse(1);
    expect(outcome()).toBe('timeout');
    expect(requester.waiting).toBe(0);
  });

  it('keeps hedged requests apart: each answer goes to its own request', async () => {
    const { requester, published, answer } = await connectedRequester();
    const a = outcomeOf(requester.request('catalog.tests.get', encode('a'), 15_000, undefined, 250));
    const b = outcomeOf(requester.request('catalog.tests.get', encode('b'), 15_000, undefined, 250));
    await elapse(250);
    expect(published.map((p) => p.data)).toEqual(['a', 'b', 'a', 'b']);
    answer(3, 'for b');
    answer(0, 'for a');
    await elapse(0);
    expect([a(), b()]).toEqual(['answer: for a', 'answer: for b']);
    expect(requester.waiting).toBe(0);
  });

  it('sends no new copy once the gateway drains, and lets what is out answer', async () => {
    const { requester, published, answer } = await connectedRequester();
    const outcome = outcomeOf(requester.request('catalog.tests.get', encode('read'), 15_000, undefined, 250));
    await elapse(0);
    await requester.drain();
    await elapse(1_000);
    expect(published).toHaveLength(1);
    answer(0, 'answered while draining');
    await elapse(0);
    expect(outcome()).toBe('answer: answered while draining');
  });
});
