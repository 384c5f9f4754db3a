import { HttpException, Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { NEVER, of, throwError, type Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcClient } from './rpc.client';

/** A ClientProxy whose only behaviour is the answer `send` gives. */
function clientAnswering(answer: () => Observable<unknown>): ClientProxy {
  return { send: vi.fn(answer) } as unknown as ClientProxy;
}

async function failureOf(promise: Promise<unknown>): Promise<HttpException> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpException)) throw new Error(`expected an HttpException, got ${String(error)}`);
  return error;
}

describe('RpcClient error mapping', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers with what the service replied', async () => {
    const rpc = new RpcClient(clientAnswering(() => of({ id: '1' })));
    await expect(rpc.send('blog.contact.submit', {})).resolves.toEqual({ id: '1' });
  });

  it('turns a timeout into a 504 with a generic message that names no internal subject, and logs the subject', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const rpc = new RpcClient(clientAnswering(() => NEVER));
    const error = await failureOf(rpc.send('blog.contact.submit', {}, 10));
    expect(error.getStatus()).toBe(504);
    expect(error.getResponse()).toEqual({ statusCode: 504, message: 'A service did not answer in time. Please try again.' });
    expect(JSON.stringify(error.getResponse())).not.toMatch(/blog|contact|submit/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('blog.contact.submit'));
  });

  it("keeps a service's {statusCode, message} answer, status and all", async () => {
    const body = { statusCode: 409, message: 'You already started this test.' };
    const rpc = new RpcClient(clientAnswering(() => throwError(() => body)));
    const error = await failureOf(rpc.send('catalog.start', {}));
    expect(error.getStatus()).toBe(409);
    expect(error.getResponse()).toEqual(body);
  });

  it.each([
    ['an Error', new Error('Empty response. There are no subscribers listening to that message ("auth.me")')],
    ['a string', 'connection closed'],
    ['an object without a status', { message: 'odd' }],
  ])('turns anything else (%s) into a 503 that names nothing internal', async (_kind, thrown) => {
    vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const rpc = new RpcClient(clientAnswering(() => throwError(() => thrown)));
    const error = await failureOf(rpc.send('auth.me', {}));
    expect(error.getStatus()).toBe(503);
    expect(error.getResponse()).toEqual({ statusCode: 503, message: 'A backend service is unavailable' });
  });
});
