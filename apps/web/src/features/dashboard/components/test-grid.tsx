import type { Ref } from 'react';
import type { TestCard as TestCardData } from '@fluent/contracts';
import { TestCard, type CardState } from './test-card';

export function TestGrid({
  cards,
  onChoose,
  ref,
}: {
  cards: TestCardData[];
  onChoose: (card: TestCardData, state: CardState) => void;
  ref?: Ref<HTMLElement>;
}) {
  return (
    // Focusable from script only: after a successful retry focus lands here, not on the page body.
    <section aria-label="Practice tests" className="test-grid" ref={ref} tabIndex={-1}>
      {cards.map((card) => (
        <TestCard key={card.id} card={card} onChoose={onChoose} />
      ))}
    </section>
  );
}
