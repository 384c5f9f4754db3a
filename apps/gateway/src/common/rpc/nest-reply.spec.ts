import { NatsContext, RpcException, ServerNats } from '@nestjs/microservices';
import { Observable, type Subscriber } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { responseBytesOf } from './nest-reply';

/**
 * The messages a Nest NATS microservice (the services' ServerNats, its serializer and its send loop)
 * publishes in answer to request `id` when its handler returns `result`: the format
 * responseBytesOf relies on, taken from Nest itself rather than written down here.
 */
async function nestAnswers(result: unknown, id = '7'): Promise<Uint8Array[]> {
  const server = new ServerNats({ servers: 'nats://127.0.0.1:1' });
  const published: Uint8Array[] = [];
  const message = { subject: 'catalog.cards', reply: '_INBOX.gateway.x.1', respond: (data: Uint8Array) => (published.push(data), true) };
  const publish = server.getPublisher(message as never, id, new NatsContext(['catalog.cards', undefined as never]));
  server.send(server.transformToObservable(result as Promise<unknown>), publish);
  for (let waited = 0; waited < 100 && published.length === 0; waited++) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return published;
}

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe("responseBytesOf (the response's JSON inside a Nest reply, unparsed)", () => {
  it.each([
    ['a learner\'s cards', { paid: false, cards: [{ testId: 1, premium: false, attemptsLeft: 1 }] }],
    ['an object ending in the envelope\'s own keys', { note: 'x', isDisposed: true, id: '7' }],
    ['a string holding the envelope\'s text', '","isDisposed":true,"id":"7"}'],
    ['unicode and escapes', { title: 'Café “quotes” \n\t and \\ slashes', emoji: '✓' }],
    ['an array', [1, 'two', { three: 3 }]],
    ['true', true],
    ['zero', 0],
    ['null', null],
  ])('returns exactly the JSON Nest wrote for %s', async (_kind, value) => {
    const [reply] = await nestAnswers(Promise.resolve(value));
    expect(text(responseBytesOf(reply!, '7'))).toBe(JSON.stringify(value));
  });

  it('reads the first message when the handler\'s stream completes later (isDisposed then comes in a message of its own)', async () => {
    let subscriber: Subscriber<unknown> | undefined;
    const stream = new Observable((s) => {
      subscriber = s;
    });
    const answers = nestAnswers(stream);
    await new Promise((resolve) => setTimeout(resolve, 10));
    subscriber!.next({ partial: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    subscriber!.complete();
    const [first, second] = await answers;
    expect(text(first)).toBe('{"response":{"partial":true},"id":"7"}');
    expect(text(responseBytesOf(first!, '7'))).toBe('{"partial":true}');
    expect(responseBytesOf(second!, '7')).toBeUndefined();
  });

  it('finds no response in an error reply, a reply without a response, or the reply to another request', async () => {
    const [error] = await nestAnswers(Promise.reject(new RpcException({ statusCode: 409, message: 'Already attempted.' })));
    expect(text(error)).toMatch(/^\{"err":/);
    expect(responseBytesOf(error!, '7')).toBeUndefined();
    const [nothing] = await nestAnswers(Promise.resolve(undefined));
    expect(responseBytesOf(nothing!, '7')).toBeUndefined();
    const [answer] = await nestAnswers(Promise.resolve({ ok: true }), '8');
    expect(responseBytesOf(answer!, '7')).toBeUndefined();
    expect(text(responseBytesOf(answer!, '8'))).toBe('{"ok":true}');
  });

  it('finds none in a reply of another shape (the keys in another order): the caller parses that one', () => {
    const reordered = new TextEncoder().encode('{"isDisposed":true,"response":{"ok":true},"id":"7"}');
    expect(responseBytesOf(reordered, '7')).toBeUndefined();
    expect(responseBytesOf(new TextEncoder().encode(''), '7')).toBeUndefined();
  });
});
