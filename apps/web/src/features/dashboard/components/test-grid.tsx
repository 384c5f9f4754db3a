import type { Ref } from 'react';
import type { MockTestCard as MockTestCardData } from '@fluent/contracts';
import { MockTestCard, type CardState } from './mock-test-card';

export function TestGrid({
  cards,
  onChoose,
  ref,
}: {
  cards: MockTestCardData[];
  onChoose: (card: MockTestCardData, state: CardState) => void;
  ref?: Ref<HTMLElement>;
}) {
  return (
    // Focusable from script only: after a successful retry focus lands here, not on the page body.
    <section aria-label="Practice tests" className="test-grid" ref={ref} tabIndex={-1}>
      {cards.map((card) => (
        <MockTestCard key={card.id} card={card} onChoose={onChoose} />
      ))}
    </section>
  );
}
