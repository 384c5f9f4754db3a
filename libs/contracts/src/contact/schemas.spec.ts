import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './schemas';
import { validationErrorBody } from '../common/validation';

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactMessageSchema.parse({ name: '  Ana ', email: 'ana@example.com', message: ' Hi ' });
    expect(parsed).toEqual({ name: 'Ana', email: 'ana@example.com', message: 'Hi' });
  });

  it.each([
    [{ name: '', email: 'a@b.co', message: 'x' }, 'name', 'Name is required'],
    [{ name: 'A', email: 'not-an-email', message: 'x' }, 'email', 'Enter a valid email address'],
    [{ name: 'A', email: 'a@b.co', message: '   ' }, 'message', 'Message is required'],
    [{ name: 'A'.repeat(101), email: 'a@b.co', message: 'x' }, 'name', 'Name must be at most 100 characters'],
  ])('rejects %j with a message for %s', (input, field, message) => {
    const result = contactMessageSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(validationErrorBody(result.error).errors?.[field]).toBe(message);
  });
});

describe('validationErrorBody', () => {
  it('is a 400 naming every failing field once', () => {
    const result = contactMessageSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    const body = validationErrorBody(result.error);
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'message', 'name']);
    expect(body.message).toContain('; ');
  });
});
