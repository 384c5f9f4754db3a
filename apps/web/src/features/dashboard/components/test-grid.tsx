import type { TestCard as TestCardData } from '@fluent/contracts';
import { TestCard, type CardState } from './test-card';

export function TestGrid({ cards, onChoose }: { cards: TestCardData[]; onChoose: (card: TestCardData, state: CardState) => void }) {
  return (
    <section aria-label="Practice tests" className="test-grid">
      {cards.map((card) => (
        <TestCard key={card.id} card={card} onChoose={onChoose} />
      ))}
    </section>
  );
}
