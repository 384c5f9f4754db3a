import { testLevel, type MockTestCard, type MockTestCardsResponse } from '@fluent/contracts';

/** One card as GET /api/tests sends it: tests 1-3 free and open, the rest premium and locked. */
export const mockTestCard = (id: number, overrides: Partial<MockTestCard> = {}): MockTestCard => ({
  id,
  name: `Test ${id}`,
  description: `What test ${id} covers.`,
  level: testLevel(id),
  premium: id > 3,
  access: id <= 3,
  attempted: false,
  attemptsLeft: 1,
  ...overrides,
});

/** A new learner's 20 cards: nothing paid, nothing attempted. */
export const newLearnerCards = (): MockTestCardsResponse => ({ paid: false, cards: Array.from({ length: 20 }, (_, i) => mockTestCard(i + 1)) });
