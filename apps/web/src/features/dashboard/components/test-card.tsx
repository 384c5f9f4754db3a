import type { TestCard as TestCardData } from '@fluent/contracts';

export type CardState = 'available' | 'completed' | 'locked';

/** SPEC.md §4: Completed when attempted; otherwise Start Test with access, Unlock Test without. */
export function cardState(card: TestCardData): CardState {
  if (card.attempted) return 'completed';
  return card.access ? 'available' : 'locked';
}

const BUTTON_LABEL: Record<CardState, string> = { available: 'Start Test', completed: 'Completed', locked: 'Unlock Test' };

export function TestCard({ card, onChoose }: { card: TestCardData; onChoose: (card: TestCardData, state: CardState) => void }) {
  const state = cardState(card);
  const headingId = `test-card-${card.id}`;
  return (
    <article className={`test-card test-card--${state}`} aria-labelledby={headingId}>
      <div className="test-card__top">
        <h2 id={headingId}>{card.name}</h2>
        <span className={`level-badge level-badge--${card.level.toLowerCase()}`}>{card.level}</span>
      </div>
      <p className="test-card__description">{card.description}</p>
      {/* Completed stays clickable (ARCHITECTURE.md, resolved ambiguity 3): it explains why it cannot start. */}
      <button
        type="button"
        className={state === 'available' ? 'button primary' : 'button'}
        aria-describedby={headingId}
        onClick={() => onChoose(card, state)}
      >
        {state === 'locked' && (
          <span className="test-card__lock" aria-hidden="true">
            🔒{' '}
          </span>
        )}
        {BUTTON_LABEL[state]}
      </button>
    </article>
  );
}
