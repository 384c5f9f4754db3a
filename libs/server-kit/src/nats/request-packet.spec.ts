import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRequestPacket } from './request-packet';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readRequestPacket', () => {
  it("reads Nest's request format, whatever the data", () => {
    expect(readRequestPacket(bytes('{"pattern":"auth.me","data":{"uid":"u"},"id":"7"}'))).toEqual({ ok: true, packet: { pattern: 'auth.me', data: { uid: 'u' }, id: '7' } });
    expect(readRequestPacket(bytes('{"pattern":"auth.me","data":"anything","id":"7"}'))).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', 'hello', 400, 'The request is not JSON'],
    ['empty', '', 400, 'The request is not JSON'],
    ['JSON but not an object', '"text"', 400, 'The request is not a JSON object'],
    ['null', 'null', 400, 'The request is not a JSON object'],
    ['an array', '[{"pattern":"a","id":"1"}]', 400, 'The request is not a JSON object'],
    ['an event (no id)', '{"pattern":"a","data":{}}', 400, 'The request has no id'],
    ['a numeric id', '{"pattern":"a","data":{},"id":7}', 400, 'The request has no id'],
    ['no pattern', '{"data":{},"id":"1"}', 400, 'The request has no pattern'],
  ])('refuses %s', (_what, text, statusCode, message) => {
    expect(readRequestPacket(bytes(text))).toEqual({ ok: false, statusCode, message });
  });

  it('refuses invalid UTF-8 and anything over the size limit before parsing', () => {
    expect(readRequestPacket(new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]))).toMatchObject({ ok: false, statusCode: 400 });
    expect(readRequestPacket(bytes(`{"pattern":"a","data":"${'x'.repeat(100)}","id":"1"}`), 50)).toEqual({ ok: false, statusCode: 413, message: 'The request is larger than 50 bytes' });
  });

  it('never throws, on any bytes or any JSON value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.jsonValue().map((value) => bytes(JSON.stringify(value) ?? ''))), (input) => {
        const check = readRequestPacket(input);
        expect(check.ok || [400, 413].includes(check.statusCode)).toBe(true);
      }),
    );
  });
});
