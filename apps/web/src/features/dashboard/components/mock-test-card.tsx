import type { MockTestCard as MockTestCardData } from '@fluent/contracts';
import { Button } from '@/components/ui/button';

export type CardState = 'available' | 'completed' | 'locked';

/**
 * docs/product.md#test-cards: Completed when attempted; otherwise Start Test with access, Unlock Test without.
 * With more than one attempt allowed (ATTEMPTS_PER_TEST), a test is Completed once none is left.
 */
export function cardState(card: MockTestCardData): CardState {
  if (card.attempted && card.attemptsLeft === 0) return 'completed';
  return card.access ? 'available' : 'locked';
}

const BUTTON_LABEL: Record<CardState, string> = { available: 'Start Test', completed: 'Completed', locked: 'Unlock Test' };

export function MockTestCard({ card, onChoose }: { card: MockTestCardData; onChoose: (card: MockTestCardData, state: CardState) => void }) {
  const state = cardState(card);
  const headingId = `mock-test-card-${card.id}`;
  const buttonId = `${headingId}-action`;
  return (
    <article className={`mock-test-card mock-test-card--${state}`} aria-labelledby={headingId}>
      <div className="mock-test-card__top">
        <h2 id={headingId}>{card.name}</h2>
        <span className={`level-badge level-badge--${card.level.toLowerCase()}`}>{card.level}</span>
      </div>
      <p className="mock-test-card__description">{card.description}</p>
      {/* Completed stays clickable (docs/product.md#test-cards): it explains why it cannot start. */}
      <Button
        variant={state === 'available' ? 'primary' : 'secondary'}
        id={buttonId}
        // "Start Test Test 4": twenty buttons share three labels, so each also names its test.
        aria-labelledby={`${buttonId} ${headingId}`}
        onClick={() => onChoose(card, state)}
      >
        {state === 'locked' && <LockIcon />}
        {BUTTON_LABEL[state]}
      </Button>
    </article>
  );
}

/** Drawn, not an emoji: emoji fonts are missing on many systems and render as a box. */
function LockIcon() {
  return (
    <svg className="mock-test-card__lock" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z"
      />
    </svg>
  );
}
