import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './schemas';

describe('safeReturnPath', () => {
  it.each(['/dashboard', '/result?attempt=abc', '/blog/how-to-type-faster'])('keeps our own path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each(['https://evil.test/', '//evil.test/x', '/\\evil.test', 'dashboard', '', '/a\nb', 42, undefined])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBe('/dashboard');
  });
});
