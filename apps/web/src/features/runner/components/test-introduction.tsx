import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { SECTION_KEYS, SECTION_NAMES } from '@fluent/contracts';
import { numberWord } from '@/lib/number-words';
import { Button } from '@/components/ui/button';

/** What the learner sees before starting test N: the six sections, in order, and 'Start Test'. */
export function TestIntroduction({ testId, onStart }: { testId: number; onStart: () => void }) {
  const start = useFocusOnMount<HTMLButtonElement>();
  return (
    <section className="card test-intro">
      <h1>Test {testId}</h1>
      <p>This test has {numberWord(SECTION_KEYS.length)} timed sections, taken in this order:</p>
      <ol>
        {SECTION_KEYS.map((section) => (
          <li key={section}>{SECTION_NAMES[section]}</li>
        ))}
      </ol>
      <p className="runner-instruction">
        Each section starts when you press Start Section. Once the test has started, leaving or refreshing the page loses your progress.
      </p>
      <Button ref={start} variant="primary" onClick={onStart}>
        Start Test
      </Button>
    </section>
  );
}
