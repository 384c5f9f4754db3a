import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SECTION_NAMES, type AttemptResult, type PassageDeviation, type TypingDetail, type WritingFeedback } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { useWritingFeedback } from '../api/get-writing-feedback';
import { useSectionNavigation } from '../hooks/use-section-navigation';
import { itemSectionsOf, RESULT_TARGETS, totalOf } from '../lib/sections';
import { workOnFirst } from '../lib/work-on-first';
import { RESULTS_TEXT } from '../texts';
import { Answer } from './answer';
import { AnnotatedText } from './feedback/annotated-text';
import { EmailFeedbackDetails } from './feedback/email-feedback';
import { PassageFeedbackDetails } from './feedback/passage-feedback';
import { SkillProfileView } from './feedback/skill-profile';
import { ReviewNotes } from '@/components/ui/review-notes';
import { FeedbackStatus } from './feedback-status';
import { ItemSection } from './item-section';
import { OnThisPage, type PageEntry } from './on-this-page';
import { ReportProblem } from './report-problem';
import { ResultsSummary } from './results-summary';
import { SectionHeading } from './section-heading';
import { EmailSummary, PassageSummary } from './writing-summary';
import { Button } from '@/components/ui/button';
import './results.css';
import './feedback/feedback.css';

// recharts only ever loads here, in its own chunk, after the text of the results.
const SectionScoresChart = lazy(() => import('./charts').then((m) => ({ default: m.SectionScoresChart })));
const TypingSpeedChart = lazy(() => import('./charts').then((m) => ({ default: m.TypingSpeedChart })));

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function ChartFallback() {
  return <div className="results-chart results-chart--loading" aria-hidden="true" />;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="results-figure">
      <dt>{label}</dt>
      <dd>
        {value}
        {hint ? <small>{hint}</small> : null}
      </dd>
    </div>
  );
}

function TypingResults({ wpm, accuracy, detail, report }: { wpm: number; accuracy: number; detail?: TypingDetail; report: ReactNode }) {
  return (
    <section className="card results-section" aria-labelledby={RESULT_TARGETS.typing}>
      <SectionHeading id={RESULT_TARGETS.typing}>{SECTION_NAMES.typing}</SectionHeading>
      <dl className="results-figures">
        <Figure label="Typing speed" value={`${wpm} WPM`} />
        <Figure label="Accuracy" value={`${accuracy}%`} />
        {detail ? (
          <>
            <Figure label="Raw speed" value={`${detail.rawWpm} WPM`} hint="every character typed, 5 to a word" />
            <Figure label="Net speed" value={`${detail.netWpm} WPM`} hint="characters left right, 5 to a word" />
            <Figure label="Consistency" value={`${detail.consistency}%`} hint="how even your speed was" />
            <Figure label="Corrected" value={`${detail.errorsCorrected}`} hint="characters deleted while typing" />
            <Figure label="Errors left" value={`${detail.errorsLeft}`} hint="characters wrong in the final text" />
          </>
        ) : null}
      </dl>
      {detail ? (
        <figure className="results-figure-chart">
          <figcaption>Your speed, second by second (the dashed line is your raw speed)</figcaption>
          <Suspense fallback={<ChartFallback />}>
            <TypingSpeedChart perSecond={detail.perSecond} rawWpm={detail.rawWpm} />
          </Suspense>
        </figure>
      ) : null}
      {report}
    </section>
  );
}

/** The learner's writing: underlined once the feedback is ready, plain (or '(No answer)') before. */
function WritingResponse({ text, feedback }: { text: string; feedback?: { blank: boolean; text: string; language: { issues: WritingFeedback['email']['language']['issues'] }; deviations?: PassageDeviation[] } }) {
  if (feedback && !feedback.blank) return <AnnotatedText text={feedback.text} issues={feedback.language.issues} deviations={feedback.deviations} />;
  return (
    <p className="result-response">
      <Answer text={text} />
    </p>
  );
}

const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);

/**
 * Everything docs/product.md#the-results-page lists, in its order, under a summary of it and beside
 * an "On this page" navigation: the item lists, our section scores, typing figures and writing feedback.
 */
export function ResultsView({ result }: { result: AttemptResult }) {
  const navigate = useNavigate();
  const goTo = useSectionNavigation();
  const { testId, questions, score, attemptId } = result;
  const feedbackQuery = useWritingFeedback(attemptId);
  const ready = feedbackQuery.data?.status === 'ready' ? feedbackQuery.data : undefined;
  const feedback = ready?.feedback;
  const feedbackState = feedback ? undefined : feedbackQuery.isError ? 'unavailable' : 'pending';
  // One set of figures for the summary, the navigation, the scores card and each section's opening line.
  const itemSections = itemSectionsOf(result);
  const total = totalOf(itemSections);
  const typing = result.typingResults;
  const focus = workOnFirst(itemSections, typing.accuracy, feedback);

  const entries: PageEntry[] = [
    { target: RESULT_TARGETS.summary, label: RESULTS_TEXT.navSummary },
    { target: RESULT_TARGETS.typing, label: SECTION_NAMES.typing, score: `${typing.wpm} WPM` },
    { target: RESULT_TARGETS.scores, label: RESULTS_TEXT.navScores, score: `${total.correct}/${total.total}` },
    ...itemSections.map((s) => ({ target: RESULT_TARGETS[s.id], label: s.name, score: `${s.correct}/${s.total}` })),
    ...(feedback ? [{ target: RESULT_TARGETS.skills, label: RESULTS_TEXT.navSkills }] : []),
    { target: RESULT_TARGETS.passages, label: SECTION_NAMES.passage, score: feedback ? `${mean(feedback.passages.map((p) => p.score))}/100` : undefined },
    { target: RESULT_TARGETS.email, label: SECTION_NAMES.email, score: feedback ? `${feedback.email.score}/100` : undefined },
  ];

  return (
    <article className="results" aria-labelledby="results-title">
      <header className="results-header">
        <h1 id="results-title">Test {testId} Completed!</h1>
        <p className="results-date">Taken on {formatDate(result.submittedAt)}</p>
      </header>

      <div className="results-layout">
        <OnThisPage entries={entries} goTo={goTo} />

        <div className="results-main">
          <ResultsSummary sections={itemSections} total={total} typing={typing} feedback={feedback} feedbackState={feedbackState} previous={ready?.previous} focus={focus} goTo={goTo} />

          <TypingResults
            wpm={typing.wpm}
            accuracy={typing.accuracy}
            detail={score.typingDetail}
            report={<ReportProblem attemptId={attemptId} section="typing" itemId={questions.typing.id} itemLabel="the typing paragraph" />}
          />

          <section className="card results-section" aria-labelledby={RESULT_TARGETS.scores}>
            <SectionHeading id={RESULT_TARGETS.scores}>Section scores</SectionHeading>
            <ul className="results-scores">
              {itemSections.map((s) => (
                <li key={s.id}>
                  <span>{s.name}</span> <strong>{`${s.correct}/${s.total}`}</strong>
                </li>
              ))}
              <li className="results-scores__total">
                <span>Total</span> <strong>{`${total.correct}/${total.total}`}</strong>
              </li>
            </ul>
            <ReviewNotes reviews={result.reviews} />
            <figure className="results-figure-chart">
              <figcaption>Share of correct answers per section</figcaption>
              <Suspense fallback={<ChartFallback />}>
                <SectionScoresChart sections={itemSections.map(({ name, correct, total: of }) => ({ name, correct, total: of }))} />
              </Suspense>
            </figure>
          </section>

          {itemSections.map((section) => (
            <ItemSection key={section.id} section={section} attemptId={attemptId} />
          ))}

          {feedback ? <SkillProfileView profile={feedback.profile} /> : null}

          <section className="card results-section" aria-labelledby={RESULT_TARGETS.passages}>
            <SectionHeading id={RESULT_TARGETS.passages}>{SECTION_NAMES.passage}</SectionHeading>
            {feedbackState ? <FeedbackStatus state={feedbackState} /> : null}
            {questions.passages.map((p, i) => {
              const guide = score.passages[i];
              const passageFeedback = feedback?.passages[i];
              return (
                <div key={p.id} className="result-writing">
                  <h3>Passage {i + 1}</h3>
                  {passageFeedback ? <PassageSummary feedback={passageFeedback} /> : null}
                  <p className="result-label">Original:</p>
                  <p className="result-original">{p.sentences}</p>
                  <p className="result-label">Your reconstruction:</p>
                  <WritingResponse text={result.passageInputs[i] ?? ''} feedback={passageFeedback} />
                  {passageFeedback ? <PassageFeedbackDetails feedback={passageFeedback} /> : null}
                  {guide && !passageFeedback ? (
                    <p className="result-guide">
                      {guide.wordCount} words · {guide.contentOverlap}% of the passage's key words kept (a guide, not a grade)
                    </p>
                  ) : null}
                  <ReportProblem attemptId={attemptId} section="passages" itemId={p.id} itemLabel={`Passage ${i + 1}`} />
                </div>
              );
            })}
          </section>

          <section className="card results-section" aria-labelledby={RESULT_TARGETS.email}>
            <SectionHeading id={RESULT_TARGETS.email}>{SECTION_NAMES.email}</SectionHeading>
            {feedbackState ? <FeedbackStatus state={feedbackState} /> : null}
            <div className="result-writing">
              {feedback ? <EmailSummary feedback={feedback.email} /> : null}
              <p className="result-label">Prompt:</p>
              <p className="result-original">{questions.email.prompt}</p>
              <p className="result-label">Your response:</p>
              <WritingResponse text={result.emailInput} feedback={feedback?.email} />
              {feedback ? <EmailFeedbackDetails feedback={feedback.email} /> : <p className="result-guide">{score.email.wordCount} words</p>}
              <ReportProblem attemptId={attemptId} section="email" itemId={questions.email.id} itemLabel="the email prompt" />
            </div>
          </section>

          <div className="results-actions">
            <Button variant="primary" onClick={() => navigate(paths.dashboard)}>
              Retake Test {testId}
            </Button>
            <Button disabled>View Detailed Results (Coming Soon)</Button>
          </div>
        </div>
      </div>
    </article>
  );
}
