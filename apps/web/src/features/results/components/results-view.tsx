import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { jumbledForDisplay, SECTION_NAMES, type AttemptResult, type ItemResult, type PassageDeviation, type TypingDetail, type WritingFeedback } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { useWritingFeedback } from '../api/get-writing-feedback';
import { AnnotatedText } from './feedback/annotated-text';
import { EmailFeedbackDetails } from './feedback/email-feedback';
import { PassageFeedbackDetails } from './feedback/passage-feedback';
import { SkillProfileView } from './feedback/skill-profile';
import { ReviewNotes } from '@/components/ui/review-notes';
import { ClaimOrder } from './claim-order';
import { ReportProblem } from './report-problem';
import './results.css';
import './feedback/feedback.css';

// recharts only ever loads here, in its own chunk, after the text of the results.
const SectionScoresChart = lazy(() => import('./charts').then((m) => ({ default: m.SectionScoresChart })));
const TypingSpeedChart = lazy(() => import('./charts').then((m) => ({ default: m.TypingSpeedChart })));

const NO_ANSWER = '(No answer)';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The learner's text, or '(No answer)' when it is blank (docs/product.md#the-results-page). */
function Answer({ text }: { text: string }) {
  return text.trim() === '' ? <em className="no-answer">{NO_ANSWER}</em> : <span className="answer-text">{text}</span>;
}

function Mark({ correct }: { correct: boolean }) {
  return (
    <span className={`result-mark ${correct ? 'is-correct' : 'is-incorrect'}`}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        {correct ? (
          <path fill="none" stroke="currentColor" strokeWidth="2.2" d="M3 8.5l3.2 3.2L13 4.8" />
        ) : (
          <path fill="none" stroke="currentColor" strokeWidth="2.2" d="M4 4l8 8M12 4l-8 8" />
        )}
      </svg>
      {correct ? 'Correct' : 'Incorrect'}
    </span>
  );
}

function ChartFallback() {
  return <div className="results-chart results-chart--loading" aria-hidden="true" />;
}

interface ItemRowProps {
  number: number;
  prompt: ReactNode;
  answer: string;
  item?: ItemResult;
  expectedLabel: string;
  expected: string;
  report: ReactNode;
}

function ItemRow({ number, prompt, answer, item, expectedLabel, expected, report }: ItemRowProps) {
  const correct = item?.correct ?? false;
  return (
    <li className={`result-item ${correct ? 'is-correct' : 'is-incorrect'}`}>
      <div className="result-item__head">
        <p className="result-item__prompt">
          <span className="result-item__number">{number}.</span> {prompt}
        </p>
        <Mark correct={correct} />
      </div>
      <p>
        <span className="result-label">Your answer:</span> <Answer text={answer} />
      </p>
      <p>
        <span className="result-label">{expectedLabel}</span> {expected}
      </p>
      {report}
    </li>
  );
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
    <section className="card results-section" aria-labelledby="results-typing">
      <h2 id="results-typing">{SECTION_NAMES.typing}</h2>
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

/** While feedback-service prepares the feedback (polled with backoff), or when it cannot be had. */
function FeedbackStatus({ state }: { state: 'pending' | 'unavailable' }) {
  return state === 'pending' ? (
    <p className="feedback-pending" role="status">
      <span className="feedback-pending__dot" aria-hidden="true" /> Preparing your writing feedback…
    </p>
  ) : (
    <p className="feedback-note">Writing feedback is not available for this attempt.</p>
  );
}

/** The three sections scored item by item: each item with the learner's answer and the expected one (docs/product.md#the-results-page). */
function itemSectionsOf({ questions, score, sentenceAnswers, fillAnswers, jumbledAnswers }: AttemptResult) {
  return [
    {
      id: 'sentences',
      name: SECTION_NAMES.sentence,
      score: score.sentences,
      expectedLabel: 'Acceptable answers:',
      rows: questions.sentences.map((q, i) => ({ id: q.id, prompt: q.question, answer: sentenceAnswers[i], expected: q.acceptableAnswers.join(', ') })),
    },
    {
      id: 'fills',
      name: SECTION_NAMES.fill,
      score: score.fills,
      expectedLabel: 'Correct answer:',
      rows: questions.fills.map((q, i) => ({ id: q.id, prompt: q.question, answer: fillAnswers[i], expected: q.answer })),
    },
    {
      id: 'jumbled',
      name: SECTION_NAMES.jumbled,
      score: score.jumbled,
      expectedLabel: 'Correct answer:',
      rows: questions.jumbled.map((q, i) => ({ id: q.id, prompt: jumbledForDisplay(q.jumbled), answer: jumbledAnswers[i], expected: q.answer })),
    },
  ] as const;
}

/** Everything docs/product.md#the-results-page lists: the item lists, our section scores, typing figures and writing feedback. */
export function ResultsView({ result }: { result: AttemptResult }) {
  const navigate = useNavigate();
  const { testId, questions, score, attemptId } = result;
  const feedbackQuery = useWritingFeedback(attemptId);
  const feedback = feedbackQuery.data?.status === 'ready' ? feedbackQuery.data.feedback : undefined;
  const feedbackState = feedback ? undefined : feedbackQuery.isError ? 'unavailable' : 'pending';
  const itemSections = itemSectionsOf(result);
  const sections = itemSections.map(({ name, score: sectionScore }) => ({ name, ...sectionScore }));
  return (
    <article className="results" aria-labelledby="results-title">
      <header className="results-header">
        <h1 id="results-title">Test {testId} Completed!</h1>
        <p className="results-date">Taken on {formatDate(result.submittedAt)}</p>
      </header>

      <TypingResults
        wpm={result.typingResults.wpm}
        accuracy={result.typingResults.accuracy}
        detail={score.typingDetail}
        report={<ReportProblem attemptId={attemptId} section="typing" itemId={questions.typing.id} itemLabel="the typing paragraph" />}
      />

      <section className="card results-section" aria-labelledby="results-scores">
        <h2 id="results-scores">Section scores</h2>
        <ul className="results-scores">
          {sections.map((s) => (
            <li key={s.name}>
              <span>{s.name}</span> <strong>{`${s.correct}/${s.total}`}</strong>
            </li>
          ))}
          <li className="results-scores__total">
            <span>Total</span> <strong>{`${score.total.correct}/${score.total.total}`}</strong>
          </li>
        </ul>
        <ReviewNotes reviews={result.reviews} />
        <figure className="results-figure-chart">
          <figcaption>Share of correct answers per section</figcaption>
          <Suspense fallback={<ChartFallback />}>
            <SectionScoresChart sections={sections} />
          </Suspense>
        </figure>
      </section>

      {itemSections.map((section) => (
        <section key={section.id} className="card results-section" aria-labelledby={`results-${section.id}`}>
          <h2 id={`results-${section.id}`}>{section.name}</h2>
          <ol className="result-items">
            {section.rows.map((row, i) => (
              <ItemRow
                key={row.id}
                number={i + 1}
                prompt={row.prompt}
                answer={row.answer ?? ''}
                item={section.score.items[i]}
                report={
                  <>
                    {section.id === 'jumbled' && section.score.items[i]?.unlistedOrder ? (
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
      ))}

      {feedback ? <SkillProfileView profile={feedback.profile} /> : null}

      <section className="card results-section" aria-labelledby="results-passages">
        <h2 id="results-passages">{SECTION_NAMES.passage}</h2>
        {feedbackState ? <FeedbackStatus state={feedbackState} /> : null}
        {questions.passages.map((p, i) => {
          const guide = score.passages[i];
          const passageFeedback = feedback?.passages[i];
          return (
            <div key={p.id} className="result-writing">
              <h3>Passage {i + 1}</h3>
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

      <section className="card results-section" aria-labelledby="results-email">
        <h2 id="results-email">{SECTION_NAMES.email}</h2>
        {feedbackState ? <FeedbackStatus state={feedbackState} /> : null}
        <div className="result-writing">
          <p className="result-label">Prompt:</p>
          <p className="result-original">{questions.email.prompt}</p>
          <p className="result-label">Your response:</p>
          <WritingResponse text={result.emailInput} feedback={feedback?.email} />
          {feedback ? <EmailFeedbackDetails feedback={feedback.email} /> : <p className="result-guide">{score.email.wordCount} words</p>}
          <ReportProblem attemptId={attemptId} section="email" itemId={questions.email.id} itemLabel="the email prompt" />
        </div>
      </section>

      <div className="results-actions">
        <button type="button" className="button primary" onClick={() => navigate(paths.dashboard)}>
          Retake Test {testId}
        </button>
        <button type="button" className="button" disabled>
          View Detailed Results (Coming Soon)
        </button>
      </div>
    </article>
  );
}
