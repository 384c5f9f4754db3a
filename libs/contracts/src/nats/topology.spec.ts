import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import type { Message } from '../common/message';
import { NATS_TOPOLOGY, subjectMatches } from './topology';

/** Every request/reply message the contracts define (each domain's `…Messages` groups). */
function allMessages(): Message[] {
  return Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('Messages') && typeof value === 'object' && value !== null)
    .flatMap(([, group]) => Object.values(group as Record<string, Message>))
    .filter((message) => typeof message?.pattern === 'string');
}

describe('NATS topology (nats/topology.json) and the messages', () => {
  it("puts every message's subject under exactly one service's request prefix", () => {
    const messages = allMessages();
    expect(messages.length).toBeGreaterThan(20);
    const prefixes = Object.values(NATS_TOPOLOGY.services).map((s) => s.requests);
    for (const { pattern } of messages) {
      if (pattern.includes('*') || pattern.includes('>')) continue;
      expect(prefixes.filter((prefix) => subjectMatches(prefix, pattern)), pattern).toHaveLength(1);
    }
  });

  it('lists every internal request a message defines with the services allowed to send it, and no other', () => {
    const internal = Object.values(NATS_TOPOLOGY.services).flatMap((s) => (s.internalRequests ? [s.internalRequests] : []));
    const defined = allMessages()
      .map((m) => m.pattern)
      .filter((pattern) => internal.some((i) => subjectMatches(i.prefix, pattern)))
      .sort();
    const listed = internal.flatMap((i) => Object.keys(i.callers)).sort();
    expect(defined).toEqual(listed);
    expect(defined).toEqual(['catalog.internal.attemptWriting', 'feedback.internal.attemptFeedback', 'feedback.internal.checkSentence']);
  });
});

describe('subjectMatches', () => {
  it.each([
    ['events.payment.>', 'events.payment.succeeded', true],
    ['events.payment.>', 'events.payment', false],
    ['events.*.succeeded', 'events.payment.succeeded', true],
    ['events.*.succeeded', 'events.payment.failed', false],
    ['catalog.>', 'catalog.internal.attemptWriting', true],
    ['catalog.internal.attemptWriting', 'catalog.internal.attemptWriting', true],
    ['catalog.internal', 'catalog.internal.attemptWriting', false],
    ['blog.>', 'blogs.list', false],
  ])('%s matches %s: %s (NATS wildcards: * one token, > one or more)', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});
