import { describe, expect, it } from 'vitest';
import { PRACTICE_CARDS_LIMIT_MAX } from '@fluent/contracts';
import { QUEUE_READ_CAP, queueFromRead } from './queue-read';

const due = (n: number) => Array.from({ length: n }, (_, i) => `card${i}`);

describe('the queue from one read', () => {
  it('serves the first `limit` cards and counts a queue shorter than the cap from the read itself', () => {
    expect(queueFromRead(due(70), 10)).toEqual({ first: due(10), dueCount: 70 });
    expect(queueFromRead(due(QUEUE_READ_CAP - 1), 50)).toEqual({ first: due(50), dueCount: QUEUE_READ_CAP - 1 });
    expect(queueFromRead(due(3), 10)).toEqual({ first: due(3), dueCount: 3 });
    expect(queueFromRead([], 10)).toEqual({ first: [], dueCount: 0 });
  });

  it('leaves the count open when the read reached the cap: more may be due', () => {
    expect(queueFromRead(due(QUEUE_READ_CAP), 10)).toEqual({ first: due(10), dueCount: undefined });
  });

  it('reads more than the largest session, so a session is whole and a full one still counts itself', () => {
    expect(QUEUE_READ_CAP).toBeGreaterThan(PRACTICE_CARDS_LIMIT_MAX);
  });
});
