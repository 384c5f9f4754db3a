import { Link } from 'react-router-dom';
import { PracticeTexts } from '@fluent/contracts';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { PRACTICE_MESSAGES } from '../messages';

interface SessionEndProps {
  /** Cards reviewed in this visit (0: nothing was due when the page opened). */
  reviewed: number;
  /** Cards still due today beyond those reviewed. */
  moreDue: number;
  loading: boolean;
  error?: string;
  onKeepGoing: () => void;
}

/**
 * The end of a batch: "Keep going" while more is due (it takes the focus, so Enter goes on), else
 * the empty state that says what to do instead.
 */
export function SessionEnd({ reviewed, moreDue, loading, error, onKeepGoing }: SessionEndProps) {
  const keepGoing = useFocusOnMount<HTMLButtonElement>(moreDue > 0);
  const toDashboard = useFocusOnMount<HTMLAnchorElement>(moreDue === 0 && reviewed > 0);
  return (
    <section className="card practice-card practice-end" aria-labelledby="practice-end-title">
      {reviewed > 0 ? <h2 id="practice-end-title">{PRACTICE_MESSAGES.sessionDone(reviewed)}</h2> : null}
      {moreDue > 0 ? (
        <>
          {reviewed === 0 ? <h2 id="practice-end-title">{PRACTICE_MESSAGES.moreDue(moreDue)}</h2> : <p>{PRACTICE_MESSAGES.moreDue(moreDue)}</p>}
          <Button ref={keepGoing} variant="primary" className="practice-action" disabled={loading} onClick={onKeepGoing}>
            {PracticeTexts.keepGoing}
          </Button>
        </>
      ) : (
        <>
          {reviewed === 0 ? <h2 id="practice-end-title">{PracticeTexts.empty}</h2> : <p>{PracticeTexts.empty}</p>}
          <Link ref={toDashboard} to={paths.dashboard} className={buttonClassName({ variant: 'primary', className: 'practice-action' })}>
            {PRACTICE_MESSAGES.toDashboard}
          </Link>
        </>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
