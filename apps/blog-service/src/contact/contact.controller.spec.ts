import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import { ContactController } from './contact.controller';
import type { ContactService } from './contact.service';

describe('ContactController', () => {
  const submit = vi.fn();
  const controller = new ContactController({ submit } as unknown as ContactService);

  it('refuses an invalid payload with a 400 before touching the database', () => {
    expect(() => controller.submit({ name: 'A', email: 'bad', message: '' })).toThrow(RpcException);
    try {
      controller.submit({ email: 'bad' });
    } catch (error) {
      expect((error as RpcException).getError()).toMatchObject({ statusCode: 400 });
    }
    expect(submit).not.toHaveBeenCalled();
  });

  it('hands a valid, trimmed message to the service', async () => {
    submit.mockResolvedValue({ id: '1' });
    await controller.submit({ name: ' A ', email: 'a@b.co', message: 'Hello' });
    expect(submit).toHaveBeenCalledWith({ name: 'A', email: 'a@b.co', message: 'Hello' });
  });
});
