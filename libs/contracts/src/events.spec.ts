import { describe, expect, it } from 'vitest';
import { deadLetterStreamName, deadLetterSubject, Durables, EventStreams, EventSubjects, JETSTREAM_TOPOLOGY, subjectMatches } from './nats/topology';

const matches = subjectMatches;

describe('JetStream topology (jetstream-topology.json)', () => {
  it("names each consumer's subject from EventSubjects, inside its own stream's subjects", () => {
    const subjects = Object.values(EventSubjects) as string[];
    for (const consumer of Object.values(JETSTREAM_TOPOLOGY.consumers)) {
      expect(subjects, consumer.durable).toContain(consumer.filterSubject);
      const stream = JETSTREAM_TOPOLOGY.streams[consumer.stream as keyof typeof JETSTREAM_TOPOLOGY.streams];
      expect(stream.subjects.some((s) => matches(s, consumer.filterSubject)), consumer.durable).toBe(true);
    }
  });

  it('keeps each kind of event in a stream of its own, with one publisher each', () => {
    expect(EventStreams).toEqual({ payments: 'FLUENT_PAYMENTS', pageViews: 'FLUENT_PAGE_VIEWS', attempts: 'FLUENT_ATTEMPTS', feedback: 'FLUENT_FEEDBACK' });
    const subjects = [EventSubjects.paymentSucceeded, EventSubjects.pageViewed, EventSubjects.attemptSubmitted, EventSubjects.feedbackReady];
    const streams = [JETSTREAM_TOPOLOGY.streams.payments, JETSTREAM_TOPOLOGY.streams.pageViews, JETSTREAM_TOPOLOGY.streams.attempts, JETSTREAM_TOPOLOGY.streams.feedback];
    // Each subject is captured by exactly its own stream: no flood of one kind can push out another.
    streams.forEach((stream, i) => subjects.forEach((subject, j) => expect(matches(stream.subjects[0]!, subject), `${stream.name} ${subject}`).toBe(i === j)));
    expect(streams.map((s) => s.publisher)).toEqual(['payment-service', 'gateway', 'catalog-service', 'feedback-service']);
  });

  it('puts dead letters outside events.> in a stream per stream', () => {
    expect(deadLetterSubject(EventStreams.payments, Durables.paidTests)).toBe('deadletter.FLUENT_PAYMENTS.auth-service-paid-tests');
    expect(deadLetterStreamName(EventStreams.payments)).toBe('FLUENT_PAYMENTS_DEADLETTER');
  });
});
