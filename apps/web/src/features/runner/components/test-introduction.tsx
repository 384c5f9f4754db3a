import { SECTION_NAMES } from '../sections';

/** What the learner sees before starting test N: the six sections, in order. */
export function TestIntroduction({ testId }: { testId: number }) {
  return (
    <section className="card test-intro">
      <h1>Test {testId}</h1>
      <p>This test has six timed sections, taken in this order:</p>
      <ol>
        {SECTION_NAMES.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
    </section>
  );
}
