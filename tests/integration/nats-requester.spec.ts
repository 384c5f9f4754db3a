import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, headers, type NatsConnection } from 'nats';
import { natsAuthOptions } from '@fluent/server-kit';
import { isNoResponders, isTimeout, NatsRequester } from '../../apps/gateway/src/common/rpc/nats-requester';
import { eventually, natsUrl, natsUser } from '../support/stack';

// The gateway's own request/reply over plain publish and subscribe (nats-requester.ts), on the
// stack's NATS with the gateway's and catalog-service's users: what it must keep of nats.js's
// request() — replies matched to their requests, deadlines, "no responders", headers.

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A requester as the gateway's NATS user, once its background connection is up (a failure if it is not within 10 s). */
async function connectedRequester(name: string): Promise<NatsRequester> {
  const { user, password } = natsUser('gateway');
  const requester = new NatsRequester({ url: natsUrl, name, credentials: { user, password }, retryMs: 100 });
  await eventually(async () => requester.isConnected(), (connected) => connected, 10_000).catch(async (error: unknown) => {
    await requester.drain();
    throw new Error(`requester ${name} did not connect to ${natsUrl} as ${user}: ${String(error)}`);
  });
  return requester;
}

describe('NatsRequester (the gateway\'s requests over NATS)', () => {
  /** A subject of catalog's the gateway may publish to and that no service listens on. */
  const subject = `catalog.requester-test-${randomUUID().slice(0, 8)}`;
  let requester: NatsRequester;
  let responder: NatsConnection;
  const seenHeaders: (string | undefined)[] = [];

  beforeAll(async () => {
    responder = await connect({ servers: natsUrl, name: 'requester-test-responder', ...natsAuthOptions(natsUser('catalog-service')) });
    // Echoes each request after a delay it reads from the request ("<delay ms>:<text>"), so
    // replies come back in another order than the requests went out.
    responder.subscribe(`${subject}.echo`, {
      callback: (_error, message) => {
        seenHeaders.push(message.headers?.get('x-request-id'));
        const [delay, text] = decode(message.data).split(':');
        setTimeout(() => message.respond(encode(`echo ${text}`)), Number(delay));
      },
    });
    responder.subscribe(`${subject}.reply-subject`, { callback: (_error, message) => message.respond(encode(message.reply ?? '')) });
    responder.subscribe(`${subject}.late`, { callback: (_error, message) => setTimeout(() => message.respond(encode('too late')), 300) });
    await responder.flush();
    requester = await connectedRequester('requester-test');
  });

  afterAll(async () => {
    await requester?.drain();
    await responder?.drain();
  });

  it('gives each of 300 requests made at once its own reply, though the replies come back in another order', async () => {
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) => requester.request(`${subject}.echo`, encode(`${(i * 7) % 40}:${i}`), 5_000)),
    );
    expect(replies.map(decode)).toEqual(Array.from({ length: 300 }, (_, i) => `echo ${i}`));
  });

  it('sends the headers it is given (the request id) with the request', async () => {
    seenHeaders.length = 0;
    const carried = headers();
    carried.set('x-request-id', 'req-requester-1');
    await requester.request(`${subject}.echo`, encode('0:h'), 5_000, carried);
    expect(seenHeaders).toEqual(['req-requester-1']);
  });

  it('fails with a timeout when no reply comes within the deadline, and ignores the late reply', async () => {
    const started = Date.now();
    const error = await requester.request(`${subject}.late`, encode('x'), 100).then(() => undefined, (reason: unknown) => reason);
    expect(isTimeout(error)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    await new Promise((resolve) => setTimeout(resolve, 400)); // the late reply arrives: nothing to answer
    expect(decode(await requester.request(`${subject}.echo`, encode('0:after'), 5_000))).toBe('echo after');
  });

  it('fails at once with "no responders" when nothing listens on the subject', async () => {
    const started = Date.now();
    const error = await requester.request(`${subject}.nobody`, encode('x'), 5_000).then(() => undefined, (reason: unknown) => reason);
    expect(isNoResponders(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('names each reply subject with its own unguessable token: 128 random bits, no sequence, nothing shared between requests', async () => {
    // What a service sees of the gateway's requests is their reply subjects: from 200 of them it
    // must not be able to name the next one.
    const replySubjects = (await Promise.all(Array.from({ length: 200 }, () => requester.request(`${subject}.reply-subject`, encode('x'), 5_000)))).map(decode);
    const inbox = replySubjects[0]!.slice(0, replySubjects[0]!.lastIndexOf('.'));
    expect(inbox).toMatch(/^_INBOX\.gateway\./);
    const tokens = replySubjects.map((reply) => {
      expect(reply.startsWith(`${inbox}.`)).toBe(true);
      return reply.slice(inbox.length + 1);
    });
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      // At least 96 bits: base64url carries 6 bits a character.
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(96);
    }
    // No counter inside: the bits of consecutive tokens agree about half the time, as random bits do
    // (a counter's high bits agree almost always).
    const bits = (token: string) => [...Buffer.from(token, 'base64url')].map((b) => b.toString(2).padStart(8, '0')).join('');
    let same = 0;
    let compared = 0;
    for (let i = 1; i < tokens.length; i++) {
      const [a, b] = [bits(tokens[i - 1]!), bits(tokens[i]!)];
      for (let k = 0; k < Math.min(a.length, b.length); k++, compared++) if (a[k] === b[k]) same++;
    }
    expect(same / compared).toBeGreaterThan(0.45);
    expect(same / compared).toBeLessThan(0.55);
  });

  it('fails at once when not connected (a closed requester)', async () => {
    const closed = await connectedRequester('requester-test-closed');
    await closed.drain();
    const error = await closed.request(`${subject}.echo`, encode('0:x'), 5_000).then(() => undefined, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(Error);
    expect(isTimeout(error)).toBe(false);
  });
});
