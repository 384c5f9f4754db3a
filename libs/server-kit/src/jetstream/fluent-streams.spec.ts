import { describe, expect, it } from 'vitest';
import { Durables, EventStreams, EventSubjects } from '@fluent/contracts';
import { fluentJetStreamTopology } from './fluent-streams';
import { handlerTriesOf, serverMaxDeliver } from './reconcile';

describe("Fluent's JetStream topology", () => {
  const topology = fluentJetStreamTopology();
  const stream = (name: string) => topology.streams.find((s) => s.name === name)!;

  it('keeps payments in a stream of their own that refuses new messages when full, never dropping one', () => {
    const payments = stream(EventStreams.payments);
    expect(payments.subjects).toEqual(['events.payment.>']);
    expect(payments.limits).toMatchObject({ discard: 'new', maxMsgs: -1, maxAgeMs: 365 * 86_400_000 });
    expect(stream(`${EventStreams.payments}_DEADLETTER`).limits.discard).toBe('new');
  });

  it('keeps page views apart, with their own limits, dropping their oldest', () => {
    const pageViews = stream(EventStreams.pageViews);
    expect(pageViews.subjects).toEqual(['events.analytics.>']);
    expect(pageViews.limits).toMatchObject({ discard: 'old', maxMsgs: 2_000_000, maxBytes: 256 * 1024 * 1024, maxAgeMs: 3 * 86_400_000 });
    // No two streams share a subject (JetStream refuses overlapping streams).
    const subjects = topology.streams.flatMap((s) => s.subjects);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('retries payments until they are applied, page views five times, an attempt\'s feedback, an accepted jumbled order and practice cards about 45 minutes', () => {
    expect(topology.consumers.map((c) => [c.durable, c.stream, c.filterSubject, c.handlerTries])).toEqual([
      [Durables.paidTests, EventStreams.payments, EventSubjects.paymentSucceeded, 'unlimited'],
      [Durables.entitlements, EventStreams.payments, EventSubjects.paymentSucceeded, 'unlimited'],
      [Durables.pageViews, EventStreams.pageViews, EventSubjects.pageViewed, 5],
      [Durables.feedbackAttempts, EventStreams.attempts, EventSubjects.attemptSubmitted, 50],
      [Durables.jumbledOrders, EventStreams.attempts, EventSubjects.jumbledOrderAccepted, 50],
      [Durables.practiceAttempts, EventStreams.attempts, EventSubjects.attemptSubmitted, 50],
      [Durables.practiceFeedback, EventStreams.feedback, EventSubjects.feedbackReady, 50],
    ]);
    expect(topology.retiredStreams).toEqual(['FLUENT_EVENTS']);
  });

  it('takes the operator’s settings: replicas and sizes', () => {
    const tuned = fluentJetStreamTopology({ replicas: 3, pageViewsMaxMsgs: 1000, paymentsMaxBytes: 5 });
    expect(tuned.streams.every((s) => s.replicas === 3)).toBe(true);
    expect(tuned.streams.find((s) => s.name === EventStreams.pageViews)!.limits.maxMsgs).toBe(1000);
    expect(tuned.streams.find((s) => s.name === EventStreams.payments)!.limits.maxBytes).toBe(5);
  });
});

describe('max_deliver', () => {
  it('gives the server one delivery more than the handler tries (to dead-letter a try that never answered), -1 for unlimited', () => {
    expect(serverMaxDeliver(5)).toBe(6);
    expect(serverMaxDeliver('unlimited')).toBe(-1);
    expect(handlerTriesOf(6)).toBe(5);
    expect(handlerTriesOf(-1)).toBe(Number.POSITIVE_INFINITY);
    expect(handlerTriesOf(1)).toBe(1);
  });
});
