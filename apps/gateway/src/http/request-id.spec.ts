import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id';

const withHeader = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf (Fastify genReqId)', () => {
  it("keeps a caller's well-formed x-request-id", () => {
    expect(requestIdOf(withHeader('lb-7f3a:0001'))).toBe('lb-7f3a:0001');
    expect(requestIdOf(withHeader('0b7e4c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'))).toBe('0b7e4c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
  });

  it.each([
    ['none', undefined],
    ['an empty one', ''],
    ['one with spaces or quotes (it goes into log lines and headers)', 'a b"c'],
    ['one with a line break', 'abc\ninjected'],
    ['one longer than 128 characters', 'x'.repeat(129)],
    ['a repeated header', ['a', 'b']],
  ])('makes a new UUID for %s', (_what, value) => {
    const id = requestIdOf(withHeader(value));
    expect(id).toMatch(UUID);
    expect(requestIdOf(withHeader(value))).not.toBe(id);
  });
});
