import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SECTION_TIMINGS_MS, sectionNumber, type AttemptResult, type AttemptSubmission, type PublicTest } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { useEnterKey } from '@/hooks/use-enter-key';
import { useIntroSpeech } from '../hooks/use-intro-speech';
import { useLeaveWarnings } from '../hooks/use-leave-warnings';
import { useSubmission } from '../hooks/use-submission';
import { useTestRunner } from '../hooks/use-test-runner';
import type { Clock } from '../lib/clock';
import { runnerClock } from '../lib/runner-clock';
import { browserSpeech, type Speech } from '../lib/speech';
import { newSubmissionId } from '../lib/submission-id';
import { canGoOn, createResumedState, createRunnerState, isInProgress, remainingMs, stageKey, type RunnerState, type Stage } from '../model/test-flow';
import { SECTION_INTROS } from '../sections';
import { EmailScreen } from './email-screen';
import { FillQuestion } from './fill-question';
import { PassageRead, PassageWrite } from './passage-screens';
import { RunnerBar } from './runner-bar';
import { SectionIntroCard } from './section-intro-card';
import { SubmissionStatus } from './submission-status';
import { TestIntroduction } from './test-introduction';
import { TextQuestion } from './text-question';
import { TypingScreen } from './typing-screen';
import './runner.css';

export type TestRunnerProps = (
  | { test: PublicTest; pending?: undefined }
  /** A finished test's answers the server has not confirmed yet: sent again at once. */
  | { test?: undefined; pending: AttemptSubmission }
) & {
  testId: number;
  /** Shown above the introduction, before the test starts (the site's header). */
  header?: ReactNode;
  /** Injected in tests; the browser's otherwise. */
  clock?: Clock;
  speech?: Speech;
  confirm?: (message: string) => boolean;
  /** Called once the server has stored the attempt (what depends on it is now out of date). */
  onSubmitted?: () => void;
};

function sectionOf(stage: Stage): number {
  switch (stage.kind) {
    case 'not-started':
      return 0;
    case 'section-intro':
      return sectionNumber(stage.section);
    case 'typing':
      return sectionNumber('typing');
    case 'question':
      return sectionNumber(stage.section);
    case 'passage-read':
    case 'passage-write':
      return sectionNumber('passage');
    case 'email':
    case 'finished':
      return sectionNumber('email');
  }
}

function durationOf(stage: Stage): number {
  switch (stage.kind) {
    case 'typing':
      return SECTION_TIMINGS_MS.typing;
    case 'question':
      return SECTION_TIMINGS_MS.question;
    case 'passage-read':
      return SECTION_TIMINGS_MS.passageRead;
    case 'passage-write':
      return SECTION_TIMINGS_MS.passageWrite;
    default:
      return SECTION_TIMINGS_MS.email;
  }
}

/** The six timed sections of one test, from the introduction to the submission (docs/product.md#test-flow). */
export function TestRunner({ testId, test, pending, header, clock: givenClock, speech: givenSpeech, confirm, onSubmitted }: TestRunnerProps) {
  const clock = useMemo(() => givenClock ?? runnerClock(), [givenClock]);
  const speech = useMemo(() => givenSpeech ?? browserSpeech(), [givenSpeech]);
  const { state, act } = useTestRunner(
    () => (pending ? createResumedState(testId, pending, clock.now()) : createRunnerState(test, newSubmissionId(), clock.now())),
    clock,
  );
  const navigate = useNavigate();
  const key = stageKey(state.stage);

  useLeaveWarnings(isInProgress(state), confirm);
  useIntroSpeech(speech, state.stage.kind === 'section-intro' ? SECTION_INTROS[state.stage.section] : undefined);
  useEnterKey(() => act.enter(key));
  useSubmission(state, act, (result: AttemptResult) => {
    onSubmitted?.();
    navigate(paths.attemptResult(result.attemptId), { replace: true, state: { result } });
  });

  if (state.stage.kind === 'not-started' || !test) {
    return (
      <div className="page">
        {header}
        <main className="content">
          {state.stage.kind === 'finished' ? (
            <section className="card notice">
              <h1>Test {testId}</h1>
              <SubmissionStatus submission={state.stage.submission} onRetry={act.retryNow} />
            </section>
          ) : (
            <TestIntroduction testId={testId} onStart={act.startTest} />
          )}
        </main>
      </div>
    );
  }

  const remaining = remainingMs(state);
  return (
    <div className="page runner-page">
      <RunnerBar
        testId={testId}
        section={sectionOf(state.stage)}
        timer={remaining === undefined ? undefined : { remainingMs: remaining, durationMs: durationOf(state.stage) }}
      />
      <main className="content runner-content">
        <StageScreen key={key} state={state} test={test} stageKey={key} act={act} />
      </main>
    </div>
  );
}

function StageScreen({ state, test, stageKey: key, act }: { state: RunnerState; test: PublicTest; stageKey: string; act: ReturnType<typeof useTestRunner>['act'] }) {
  const { stage, answers } = state;
  const next = () => act.next(key);
  const onInput = (value: string) => act.input(key, value);
  const allowed = canGoOn(state);
  switch (stage.kind) {
    case 'not-started':
      return null;
    case 'section-intro':
      return <SectionIntroCard section={stage.section} onStart={next} />;
    case 'typing':
      return <TypingScreen paragraph={test.typing.paragraph} text={answers.typing.text} timeUp={stage.timeUp} canGoOn={allowed} onInput={onInput} onNext={next} />;
    case 'question':
      if (stage.section === 'fill') {
        const item = test.fills[stage.index]!;
        return (
          <FillQuestion
            number={stage.index + 1}
            total={test.fills.length}
            question={item.question}
            options={item.options}
            answer={answers.fill[stage.index] ?? ''}
            canGoOn={allowed}
            onInput={onInput}
            onNext={next}
          />
        );
      }
      return (
        <TextQuestion
          kind={stage.section}
          number={stage.index + 1}
          total={stage.section === 'sentence' ? test.sentences.length : test.jumbled.length}
          text={stage.section === 'sentence' ? test.sentences[stage.index]!.question : test.jumbled[stage.index]!.jumbled}
          answer={answers[stage.section][stage.index] ?? ''}
          canGoOn={allowed}
          onInput={onInput}
          onNext={next}
        />
      );
    case 'passage-read':
      return (
        <PassageRead
          number={stage.index + 1}
          total={test.passages.length}
          passage={test.passages[stage.index]!.sentences}
          remainingMs={remainingMs(state) ?? 0}
          onReady={next}
        />
      );
    case 'passage-write':
      return <PassageWrite number={stage.index + 1} total={test.passages.length} text={answers.passage[stage.index] ?? ''} canGoOn={allowed} onInput={onInput} onNext={next} />;
    case 'email':
      return <EmailScreen prompt={test.email.prompt} text={answers.email} ended={false} timedOut={false} canGoOn={allowed} onInput={onInput} onSubmit={next} />;
    case 'finished':
      return (
        <EmailScreen
          prompt={test.email.prompt}
          text={answers.email}
          ended
          timedOut={stage.timedOut}
          canGoOn={false}
          onInput={onInput}
          onSubmit={next}
          status={<SubmissionStatus submission={stage.submission} onRetry={act.retryNow} />}
        />
      );
  }
}
