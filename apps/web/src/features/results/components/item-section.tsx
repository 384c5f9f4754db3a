import { useId } from 'react';
import { useOnlyMissed } from '../hooks/use-session-flag';
import { RESULT_TARGETS, type ItemSectionData } from '../lib/sections';
import { RESULTS_TEXT } from '../texts';
import { ClaimOrder } from './claim-order';
import { ItemRow } from './item-row';
import { ReportProblem } from './report-problem';
import { SectionHeading } from './section-heading';

/**
 * A sentence, fill or jumbled section: "8 of 10 correct — show only the ones I missed" (the choice
 * kept for the session), then every item. Items hidden by the choice stay in the page, out of view.
 */
export function ItemSection({ section, attemptId }: { section: ItemSectionData; attemptId: string }) {
  const [onlyMissed, setOnlyMissed] = useOnlyMissed(section.id);
  const toggleId = useId();
  const missed = section.total - section.correct;
  // Only offered when it changes what is shown: something missed and something right.
  const offered = missed > 0 && section.correct > 0;
  const filtering = offered && onlyMissed;
  const headingId = RESULT_TARGETS[section.id];
  return (
    <section className="card results-section" aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{section.name}</SectionHeading>
      <p className="results-tally">
        <strong>{RESULTS_TEXT.sectionTally(section.correct, section.total)}</strong>
        {offered ? (
          <>
            {' — '}
            <span className="results-only-missed">
              <input id={toggleId} type="checkbox" checked={onlyMissed} onChange={(event) => setOnlyMissed(event.target.checked)} />
              <label htmlFor={toggleId}>{RESULTS_TEXT.onlyMissed}</label>
            </span>
          </>
        ) : null}
      </p>
      {filtering ? (
        <p className="results-hidden-note" role="status">
          {RESULTS_TEXT.hiddenCorrect(section.correct)}
        </p>
      ) : null}
      <ol className="result-items">
        {section.rows.map((row, i) => (
          <ItemRow
            key={row.id}
            number={i + 1}
            prompt={row.prompt}
            answer={row.answer}
            correct={row.correct}
            hidden={filtering && row.correct}
            report={
              <>
                {section.id === 'jumbled' && row.item?.unlistedOrder ? (
                  <ClaimOrder attemptId={attemptId} itemId={row.id} itemLabel={`${section.name} question ${i + 1}`} />
                ) : null}
                <ReportProblem attemptId={attemptId} section={section.id} itemId={row.id} itemLabel={`${section.name} question ${i + 1}`} />
              </>
            }
            expectedLabel={section.expectedLabel}
            expected={row.expected}
          />
        ))}
      </ol>
    </section>
  );
}
