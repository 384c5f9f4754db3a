import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientRequestIdOf, requestIdOf } from './request-id';

const withHeader = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf (Fastify genReqId)', () => {
  it("makes a new UUID of its own for every request, whatever x-request-id the caller sent", () => {
    for (const given of [undefined, 'lb-7f3a:0001', '0b7e4c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b']) {
      const id = requestIdOf(withHeader(given));
      expect(id).toMatch(UUID);
      expect(id).not.toBe(given);
      expect(requestIdOf(withHeader(given))).not.toBe(id);
    }
  });
});

describe("clientRequestIdOf (the caller's id, logged beside ours)", () => {
  it("keeps a caller's well-formed x-request-id", () => {
    expect(clientRequestIdOf(withHeader('lb-7f3a:0001'))).toBe('lb-7f3a:0001');
    expect(clientRequestIdOf(withHeader('x'.repeat(128)))).toBe('x'.repeat(128));
  });

  it.each([
    ['none', undefined],
    ['an empty one', ''],
    ['one with spaces or quotes (it goes into log lines)', 'a b"c'],
    ['one with a line break', 'abc\ninjected'],
    ['one longer than 128 characters', 'x'.repeat(129)],
    ['a repeated header', ['a', 'b']],
  ])('keeps none for %s', (_what, value) => {
    expect(clientRequestIdOf(withHeader(value))).toBeUndefined();
  });
});
