import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '@fluent/contracts';
import { ZodValidationPipe } from './zod-validation.pipe';

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(contactMessageSchema);

  it('passes parsed values through', () => {
    expect(pipe.transform({ name: 'A', email: 'a@b.co', message: 'm' })).toEqual({ name: 'A', email: 'a@b.co', message: 'm' });
  });

  it('throws a 400 with field messages', () => {
    try {
      pipe.transform({ name: 'A', email: 'x', message: 'm' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toEqual({
        statusCode: 400,
        message: 'Enter a valid email address',
        errors: { email: 'Enter a valid email address' },
      });
    }
  });
});
