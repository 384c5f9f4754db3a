import { describe, expect, it } from 'vitest';
import { blogSlugSchema } from './schemas';
import { formatPostDate, postByline } from './text';

describe('formatPostDate', () => {
  it.each([
    ['2026-03-03', 'March 3, 2026'],
    ['2026-01-31', 'January 31, 2026'],
    ['2025-12-01', 'December 1, 2025'],
  ])('shows %s as %s', (day, shown) => {
    expect(formatPostDate(day)).toBe(shown);
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatPostDate('soon')).toBe('soon');
  });
});

describe('postByline', () => {
  it("reads 'By {author} · {human date}'", () => {
    expect(postByline({ author: 'Maya Chen', date: '2026-03-03' })).toBe('By Maya Chen · March 3, 2026');
  });
});

describe('blogSlugSchema', () => {
  it.each(['typing-speed', 'a', 'test-day-routine-2026'])('accepts %s', (slug) => {
    expect(blogSlugSchema.safeParse(slug).success).toBe(true);
  });
  it.each(['', 'Typing', 'two--hyphens', '-lead', 'trail-', 'dots.here', '../etc', 'a'.repeat(101)])('refuses %j', (slug) => {
    expect(blogSlugSchema.safeParse(slug).success).toBe(false);
  });
});
