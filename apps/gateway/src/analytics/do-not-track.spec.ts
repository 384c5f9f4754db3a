import { describe, expect, it } from 'vitest';
import { asksNotToBeTracked } from './do-not-track';

describe('asksNotToBeTracked', () => {
  it.each([
    [{ dnt: '1' }, true],
    [{ 'sec-gpc': '1' }, true],
    [{ dnt: '0' }, false],
    [{}, false],
  ])('%j -> %s', (headers, expected) => {
    expect(asksNotToBeTracked(headers)).toBe(expected);
  });
});
