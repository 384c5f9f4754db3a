import { HttpException, Logger } from '@nestjs/common';
import { ErrorCode, NatsError, type MsgHdrs } from 'nats';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CatalogMessages, defineMessage, FeedbackMessages, PaymentMessages } from '@fluent/contracts';
import { config } from '../../config';
import type { RequestTransport } from './nats-requester';
import { RpcClient } from './rpc.client';

/** A message on `pattern` that takes any object. */
const message = (pattern: string) => defineMessage({ pattern, request: z.record(z.string(), z.unknown()), reply: z.unknown() });

/** A transport whose only behaviour is its answer to a request: reply bytes, or a failure. */
function transportAnswering(answer: (subject: string, request: unknown) => Promise<unknown>) {
  const request = vi.fn(async (subject: string, data: Uint8Array, _timeoutMs?: number, _headers?: MsgHdrs, _hedgeAfterMs?: number) => {
    const reply = await answer(subject, JSON.parse(new TextDecoder().decode(data)));
    return new TextEncoder().encode(JSON.stringify(reply));
  });
  return { request, isConnected: () => true, drain: async () => undefined } satisfies RequestTransport;
}

async function failureOf(promise: Promise<unknown>): Promise<HttpException> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpException)) throw new Error(`expected an HttpException, got ${String(error)}`);
  return error;
}

describe('RpcClient', () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends Nest's request message (pattern, data and an id, without which the server takes it for an event) on the pattern's subject", async () => {
    const transport = transportAnswering(async () => ({ response: 'ok', isDisposed: true }));
    await new RpcClient(transport).send(message('catalog.cards'), { uid: 'u1' });
    await new RpcClient(transport).send(message('catalog.cards'), { uid: 'u2' });
    const [subject, data] = transport.request.mock.calls[0]!;
    expect(subject).toBe('catalog.cards');
    expect(JSON.parse(new TextDecoder().decode(data))).toEqual({ pattern: 'catalog.cards', data: { uid: 'u1' }, id: expect.any(String) });
  });

  it("sends the request's id in the x-request-id header, and no header without one", async () => {
    const transport = transportAnswering(async () => ({ response: 'ok', isDisposed: true }));
    const rpc = new RpcClient(transport);
    await rpc.send(message('auth.me'), {}, { requestId: '5f0c-req' });
    await rpc.send(message('auth.me'), {});
    expect(transport.request.mock.calls[0]![3]?.get('x-request-id')).toBe('5f0c-req');
    expect(transport.request.mock.calls[1]![3]).toBeUndefined();
  });

  it('asks the transport to hedge a message libs/contracts declares read-only, after NATS_HEDGE_AFTER_MS, and never a write', async () => {
    const transport = transportAnswering(async () => ({ response: 'ok', isDisposed: true }));
    const rpc = new RpcClient(transport);
    await rpc.relay(FeedbackMessages.getFeedback, { uid: 'u', attemptId: 'a' });
    await rpc.send(CatalogMessages.submitAttempt, { uid: 'u', testId: 1, submission: {} as never });
    await rpc.send(PaymentMessages.confirmTestCard, {} as never);
    await rpc.send(message('catalog.cards'), {});
    expect(transport.request.mock.calls.map((call) => [call[0], call[4]])).toEqual([
      ['feedback.attempts.get', config.NATS_HEDGE_AFTER_MS],
      ['catalog.attempts.submit', 0],
      ['payment.testCards.confirm', 0],
      ['catalog.cards', 0],
    ]);
    expect(config.NATS_HEDGE_AFTER_MS).toBe(250);
  });

  it('answers with what the service replied', async () => {
    const rpc = new RpcClient(transportAnswering(async () => ({ response: { id: '1' }, isDisposed: true })));
    await expect(rpc.send(message('blog.contact.submit'), {})).resolves.toEqual({ id: '1' });
  });

  it('turns a timeout into a 504 with a generic message that names no internal subject, and logs the subject', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const rpc = new RpcClient(transportAnswering(() => Promise.reject(NatsError.errorForCode(ErrorCode.Timeout))));
    const error = await failureOf(rpc.send(message('blog.contact.submit'), {}, { timeoutMs: 10, requestId: 'req-9' }));
    expect(error.getStatus()).toBe(504);
    expect(error.getResponse()).toEqual({ statusCode: 504, message: 'A service did not answer in time. Please try again.' });
    expect(JSON.stringify(error.getResponse())).not.toMatch(/blog|contact|submit/);
    expect(warn).toHaveBeenCalledWith({ requestId: 'req-9', msg: expect.stringContaining('blog.contact.submit') });
  });

  it("keeps a service's {statusCode, message} answer, status and all", async () => {
    const body = { statusCode: 409, message: 'You already started this test.' };
    const rpc = new RpcClient(transportAnswering(async () => ({ err: body, isDisposed: true })));
    const error = await failureOf(rpc.send(message('catalog.start'), {}));
    expect(error.getStatus()).toBe(409);
    expect(error.getResponse()).toEqual(body);
  });

  it.each([
    ['no replica listening (no responders)', () => Promise.reject(NatsError.errorForCode(ErrorCode.NoResponders))],
    ['a closed connection', () => Promise.reject(NatsError.errorForCode(ErrorCode.ConnectionClosed))],
    ['an error reply without a status', async () => ({ err: { message: 'odd' }, isDisposed: true })],
    ['an error reply that is a string', async () => ({ err: 'Internal server error', isDisposed: true })],
  ])('turns anything else (%s) into a 503 that names nothing internal', async (_kind, answer) => {
    vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const rpc = new RpcClient(transportAnswering(answer));
    const error = await failureOf(rpc.send(message('auth.me'), {}));
    expect(error.getStatus()).toBe(503);
    expect(error.getResponse()).toEqual({ statusCode: 503, message: 'A backend service is unavailable' });
  });

  describe('relay (the answer as the JSON bytes the service wrote)', () => {
    /** A transport answering with these exact bytes, the request's id put in where `$ID` stands. */
    const answeringBytes = (reply: string) => ({
      request: async (_subject: string, data: Uint8Array) => {
        const { id } = JSON.parse(new TextDecoder().decode(data)) as { id: string };
        return new TextEncoder().encode(reply.replace('$ID', id));
      },
      isConnected: () => true,
      drain: async () => undefined,
    });

    it("answers with the service's bytes for the response, unchanged (spacing and key order kept)", async () => {
      const rpc = new RpcClient(answeringBytes('{"response":{"b":1, "a":[2]},"isDisposed":true,"id":"$ID"}'));
      const bytes = await rpc.relay(message('catalog.cards'), {});
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect(bytes.toString('utf8')).toBe('{"b":1, "a":[2]}');
    });

    it('parses a reply of another shape and answers with its response as JSON', async () => {
      const rpc = new RpcClient(answeringBytes('{"isDisposed":true,"response":{"ok":true},"id":"$ID"}'));
      expect((await rpc.relay(message('catalog.cards'), {})).toString('utf8')).toBe('{"ok":true}');
    });

    it("turns an error reply into the same HttpException as send does", async () => {
      const rpc = new RpcClient(answeringBytes('{"err":{"statusCode":403,"message":"Locked."},"isDisposed":true,"id":"$ID"}'));
      const error = await failureOf(rpc.relay(message('catalog.test'), {}));
      expect(error.getStatus()).toBe(403);
      expect(error.getResponse()).toEqual({ statusCode: 403, message: 'Locked.' });
    });

    it('turns a reply that is not JSON into a 503', async () => {
      vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const error = await failureOf(new RpcClient(answeringBytes('{"response":')).relay(message('catalog.cards'), {}));
      expect(error.getStatus()).toBe(503);
    });
  });
});
