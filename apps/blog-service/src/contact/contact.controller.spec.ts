import { RpcException } from '@nestjs/microservices';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactController } from './contact.controller';
import type { ContactService } from './contact.service';

/** The error `call` throws; fails the test when it throws nothing. */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}

describe('ContactController', () => {
  const submit = vi.fn();
  const controller = new ContactController({ submit } as unknown as ContactService);
  beforeEach(() => submit.mockReset());

  it.each([
    ['an invalid email and an empty message', { name: 'A', email: 'bad', message: '' }, ['email', 'message']],
    ['missing fields', { email: 'bad' }, ['email', 'message', 'name']],
  ])('refuses %s with a 400 naming the fields, before touching the database', (_case, payload, fields) => {
    const error = thrownBy(() => controller.submit(payload));
    expect(error).toBeInstanceOf(RpcException);
    const body = (error as RpcException).getError() as { statusCode: number; errors: Record<string, string> };
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.errors).sort()).toEqual(fields);
    expect(submit).not.toHaveBeenCalled();
  });

  it('hands a valid, trimmed message to the service', async () => {
    submit.mockResolvedValue({ id: '1' });
    await controller.submit({ name: ' A ', email: 'a@b.co', message: 'Hello' });
    expect(submit).toHaveBeenCalledWith({ name: 'A', email: 'a@b.co', message: 'Hello' });
  });

  it('hands the honeypot field on, for the service to judge', async () => {
    submit.mockResolvedValue({ id: '1' });
    await controller.submit({ name: 'A', email: 'a@b.co', message: 'Hello', website: 'http://spam.example' });
    expect(submit).toHaveBeenCalledWith({ name: 'A', email: 'a@b.co', message: 'Hello', website: 'http://spam.example' });
  });
});
