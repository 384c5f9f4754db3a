import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  pageViewReportRequestSchema,
  pageViewSchema,
  resolveReportSpan,
  utcDay,
} from './schemas';
import { validationErrorBody } from '../common/validation';

describe('pageViewSchema', () => {
  it.each(['/', '/blog', '/blog/typing-speed', '/no/such/page', '/caf%C3%A9'])('accepts the path %s', (path) => {
    expect(pageViewSchema.parse({ path })).toEqual({ path });
  });

  it('keeps only the path: any other field is dropped', () => {
    expect(pageViewSchema.parse({ path: '/blog', email: 'learner@example.com', userAgent: 'x' })).toEqual({ path: '/blog' });
  });

  it.each([
    [{}, 'Path is required'],
    [{ path: '' }, 'Path is required'],
    [{ path: 'blog' }, 'Path must be a URL path starting with / (no query or fragment)'],
    [{ path: '/login?email=a@b.co' }, 'Path must be a URL path starting with / (no query or fragment)'],
    [{ path: '/blog#top' }, 'Path must be a URL path starting with / (no query or fragment)'],
    [{ path: '/a b' }, 'Path must be a URL path starting with / (no query or fragment)'],
    [{ path: `/${'a'.repeat(200)}` }, 'Path must be at most 200 characters'],
  ])('refuses %j naming the path', (input, message) => {
    const result = pageViewSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(validationErrorBody(result.error).errors).toEqual({ path: message });
  });
});

describe('report span', () => {
  const today = new Date('2026-03-03T22:00:00Z');

  it('defaults to the 30 days ending today (UTC)', () => {
    expect(resolveReportSpan({}, today)).toEqual({ from: '2026-02-02', to: '2026-03-03', page: 1, limit: 500 });
    expect(daysBetween('2026-02-02', '2026-03-03')).toBe(29);
  });

  it('keeps given days and the path', () => {
    expect(resolveReportSpan({ from: '2026-01-01', to: '2026-01-31', path: '/blog', page: 3, limit: 10 }, today)).toEqual({ from: '2026-01-01', to: '2026-01-31', path: '/blog', page: 3, limit: 10 });
    expect(resolveReportSpan({ to: '2026-01-31' }, today)).toEqual({ from: '2026-01-02', to: '2026-01-31', page: 1, limit: 500 });
  });

  it('refuses a span that runs backwards or covers more than 366 days', () => {
    const backwards = pageViewReportRequestSchema.safeParse({ from: '2026-03-04', to: '2026-03-03' });
    expect(backwards.success).toBe(false);
    if (!backwards.success) expect(validationErrorBody(backwards.error).errors).toEqual({ from: 'from must not be after to' });
    expect(pageViewReportRequestSchema.safeParse({ from: '2025-03-03', to: '2026-03-03' }).success).toBe(true);
    expect(pageViewReportRequestSchema.safeParse({ from: '2025-03-02', to: '2026-03-03' }).success).toBe(false);
  });

  it('refuses days that do not exist', () => {
    expect(pageViewReportRequestSchema.safeParse({ from: '2026-02-30', to: '2026-03-03' }).success).toBe(false);
  });

  it('takes the UTC day of an instant', () => {
    expect(utcDay(new Date('2026-03-03T23:59:59.999Z'))).toBe('2026-03-03');
    expect(utcDay(new Date('2026-03-04T00:30:00+02:00'))).toBe('2026-03-03');
  });
});
