import type { SkillTrendPoint, WritingFeedback } from '@fluent/contracts';
import { RESULT_TARGETS, type ItemSectionData } from '../lib/sections';
import { skillChanges } from '../lib/skill-changes';
import type { FocusPoint } from '../lib/work-on-first';
import { RESULTS_TEXT } from '../texts';
import { FeedbackStatus, type FeedbackState } from './feedback-status';
import { SectionHeading } from './section-heading';
import { SectionLink, type GoToSection } from './section-link';

interface ResultsSummaryProps {
  sections: readonly ItemSectionData[];
  total: { correct: number; total: number };
  typing: { wpm: number; accuracy: number };
  feedback?: WritingFeedback;
  feedbackState?: FeedbackState;
  previous?: SkillTrendPoint | null;
  focus: readonly FocusPoint[];
  goTo: GoToSection;
}

function SkillSummary({ feedback, previous, goTo }: { feedback: WritingFeedback; previous?: SkillTrendPoint | null; goTo: GoToSection }) {
  const skills = skillChanges(feedback.profile, previous);
  return (
    <>
      <ul className="summary-skills" aria-label={RESULTS_TEXT.summarySkills}>
        {skills.map((s) => (
          <li key={s.skill}>
            <span>{s.label}</span> <strong>{RESULTS_TEXT.skillOutOf(s.score)}</strong>
            {s.delta === null ? null : (
              <span className={`summary-change ${s.delta > 0 ? 'is-up' : s.delta < 0 ? 'is-down' : ''}`}>
                {' '}
                {RESULTS_TEXT.skillChange(s.delta)}
                {s.delta === 0 ? null : <span className="results-visually-hidden">{RESULTS_TEXT.skillChangeSuffix}</span>}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="summary-note">
        {previous ? RESULTS_TEXT.skillSince(previous.testId) : RESULTS_TEXT.skillFirst}{' '}
        <SectionLink target={RESULT_TARGETS.skills} goTo={goTo}>
          {RESULTS_TEXT.skillHow}
        </SectionLink>
      </p>
    </>
  );
}

/**
 * The top of /result: the section scores, the typing figures, the skill profile with its change
 * since the previous attempt, and what to work on first, each a link to its detail further down.
 * Every figure comes from the same data the sections below show.
 */
export function ResultsSummary({ sections, total, typing, feedback, feedbackState, previous, focus, goTo }: ResultsSummaryProps) {
  return (
    <section className="card results-summary" aria-labelledby={RESULT_TARGETS.summary}>
      <SectionHeading id={RESULT_TARGETS.summary}>{RESULTS_TEXT.summaryHeading}</SectionHeading>
      <div className="results-summary__grid">
        <div className="results-summary__part">
          <h3>{RESULTS_TEXT.summaryScores}</h3>
          <ul className="summary-scores" aria-label={RESULTS_TEXT.summaryScores}>
            {sections.map((s) => (
              <li key={s.id}>
                <SectionLink target={RESULT_TARGETS[s.id]} goTo={goTo}>
                  {s.name}
                </SectionLink>{' '}
                <strong>{`${s.correct}/${s.total}`}</strong>
              </li>
            ))}
            <li className="summary-scores__total">
              <span>{RESULTS_TEXT.total}</span> <strong>{`${total.correct}/${total.total}`}</strong>
            </li>
          </ul>
          <h3>{RESULTS_TEXT.summaryTyping}</h3>
          <p className="summary-typing">
            <SectionLink target={RESULT_TARGETS.typing} goTo={goTo}>
              {RESULTS_TEXT.typingFigures(typing.wpm, typing.accuracy)}
            </SectionLink>
          </p>
        </div>
        <div className="results-summary__part">
          <h3>{RESULTS_TEXT.summarySkills}</h3>
          {feedback ? <SkillSummary feedback={feedback} previous={previous} goTo={goTo} /> : <FeedbackStatus state={feedbackState ?? 'pending'} />}
        </div>
        <div className="results-summary__part results-summary__focus">
          <h3>{RESULTS_TEXT.summaryWorkOn}</h3>
          {focus.length > 0 ? (
            <ol className="summary-focus" aria-label={RESULTS_TEXT.summaryWorkOn}>
              {focus.map((point) => (
                <li key={point.key}>
                  <SectionLink target={point.target} goTo={goTo}>
                    {point.text}
                  </SectionLink>
                </li>
              ))}
            </ol>
          ) : (
            <p className="summary-note">{RESULTS_TEXT.summaryNothingToWorkOn}</p>
          )}
        </div>
      </div>
    </section>
  );
}
