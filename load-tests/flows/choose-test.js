// Which test a learner takes next: the first card of the dashboard (GET /api/tests) the learner
// may open and still has an attempt at. Free tests are 1..FREE_TEST_COUNT and each allows
// ATTEMPTS_PER_TEST attempts (catalog-service), so the cards, not a guess, say what is left.

export function chooseTest(cards) {
  const card = cards.find((c) => c.access && c.attemptsLeft > 0);
  return card ? card.id : undefined;
}

export const NO_TEST_LEFT =
  'none of this VU\'s learners has an attempt left: raise LEARNERS_PER_VU for the run, or FREE_TEST_COUNT (up to 20) and ATTEMPTS_PER_TEST (up to 100) in catalog-service (docs/performance.md#what-an-operator-configures-for-a-load-test)';
