import { describe, expect, it } from 'vitest';
import { isErrorBody } from './errors';

describe('isErrorBody', () => {
  it.each([
    [{ statusCode: 404, message: 'Not found' }, true],
    [{ statusCode: '404', message: 'Not found' }, false],
    [{ statusCode: 500 }, false],
    [null, false],
    ['boom', false],
  ])('%j -> %s', (value, expected) => {
    expect(isErrorBody(value)).toBe(expected);
  });
});
