import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import type { Message } from './common/message';

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).pattern === 'string' && 'reply' in value && 'readOnly' in value;

/** Every message of libs/contracts, from every group it exports (`AuthMessages`, …), once each. */
const allMessages = (): Message[] => {
  const found = new Map<string, Message>();
  for (const group of Object.values(contracts)) {
    if (typeof group !== 'object' || group === null) continue;
    for (const value of Object.values(group)) if (isMessage(value)) found.set(value.pattern, value);
  }
  return [...found.values()];
};

// The gateway sends a read-only message again to another replica when it is slow to answer
// (hedged requests): a write marked so by mistake would run twice. This list is the review.
describe('read-only messages (the ones the gateway may send twice)', () => {
  it('are exactly the reads, and no write (sign-in, submission, payment, report, decision) is among them', () => {
    const readOnly = allMessages().filter((m) => m.readOnly).map((m) => m.pattern).sort();
    expect(readOnly).toEqual(
      [
        'auth.health',
        'blog.analytics.report',
        'blog.health',
        'blog.posts.get',
        'blog.posts.list',
        'catalog.attempts.get',
        'catalog.attempts.list',
        'catalog.cards.list',
        'catalog.health',
        'catalog.jumbledOrders.list',
        'catalog.practice.cards',
        'catalog.practice.progress',
        'catalog.reports.list',
        'catalog.tests.get',
        'feedback.attempts.get',
        'feedback.health',
        'feedback.trend',
        'payment.config',
        'payment.health',
      ].sort(),
    );
  });

  it('is false unless a message says so', () => {
    expect(contracts.defineMessage({ pattern: 'x.y', reply: contracts.serviceHealthSchema }).readOnly).toBe(false);
    const writes = allMessages().filter((m) => /signIn|signUp|refresh|signOut|submit|create|confirm|webhook|decide|ensureUser|exchange/.test(m.pattern));
    expect(writes.length).toBeGreaterThanOrEqual(12);
    expect(writes.filter((m) => m.readOnly)).toEqual([]);
  });
});
