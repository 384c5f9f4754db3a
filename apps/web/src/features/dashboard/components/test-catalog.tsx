import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ALREADY_ATTEMPTED_MESSAGE, type MockTestCard } from '@fluent/contracts';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCards } from '@/lib/catalog/cards';
import { errorMessage } from '@/lib/error-message';
import type { CardState } from './mock-test-card';
import { TestGrid } from './test-grid';
import { Button } from '@/components/ui/button';
import '../dashboard.css';

/**
 * The grid of 20 tests with its loading and error states, and what a click on a card does (docs/product.md#test-cards): start an available test, explain a completed one, and `onUnlock` for a locked one (the
 * dashboard opens the purchase there).
 */
export function TestCatalog({ onUnlock }: { onUnlock: () => void }) {
  const cards = useCards();
  const navigate = useNavigate();
  const grid = useRef<HTMLElement>(null);
  const retried = useRef(false);

  // The retry button disappears with the error; keep keyboard users where the content now is.
  useEffect(() => {
    if (cards.isSuccess && retried.current) {
      retried.current = false;
      grid.current?.focus();
    }
  }, [cards.isSuccess]);

  const choose = (card: MockTestCard, state: CardState) => {
    if (state === 'available') navigate(paths.test, { state: { testId: card.id } });
    else if (state === 'completed') window.alert(ALREADY_ATTEMPTED_MESSAGE);
    else onUnlock();
  };

  if (cards.isPending) return <Spinner label="Loading your tests…" />;
  if (cards.isError) {
    return (
      <div className="load-error" role="alert">
        <p>We could not load your tests. {errorMessage(cards.error)}</p>
        <Button
          onClick={() => {
            retried.current = true;
            void cards.refetch();
          }}
          disabled={cards.isFetching}
        >
          {cards.isFetching ? 'Retrying…' : 'Try again'}
        </Button>
      </div>
    );
  }
  return <TestGrid cards={cards.data.cards} onChoose={choose} ref={grid} />;
}
