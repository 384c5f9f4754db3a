import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Whole tests run on fake timers but still render every screen: give them time on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
import type { AttemptResult, AttemptSubmission } from '@fluent/contracts';
import { publicTest } from '@/testing/public-test';
import { systemClock, type Clock } from '../lib/clock';
import { LEAVE_ON_BACK } from '../messages';
import { SECTION_INTROS } from '../sections';
import { TestRunner } from './test-runner';

const TEST = publicTest(2);

function ResultProbe() {
  const location = useLocation();
  return <p>{`result page ${location.search} ${(location.state as { result?: AttemptResult } | null)?.result?.attemptId ?? 'no state'}`}</p>;
}

interface Harness {
  speech: { speak: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> };
  confirm: ReturnType<typeof vi.fn>;
  onSubmitted: ReturnType<typeof vi.fn>;
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
}

function renderRunner({ clock = systemClock(1), confirmAnswer = true, pending = undefined as AttemptSubmission | undefined } = {}): Harness {
  const speech = { speak: vi.fn(), cancel: vi.fn() };
  const confirm = vi.fn(() => confirmAnswer);
  const onSubmitted = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>dashboard page</p> },
      {
        path: '/test',
        element: pending ? (
          <TestRunner testId={2} pending={pending} clock={clock} speech={speech} confirm={confirm} />
        ) : (
          <TestRunner testId={2} test={TEST} clock={clock} speech={speech} confirm={confirm} onSubmitted={onSubmitted} />
        ),
      },
      { path: '/result', element: <ResultProbe /> },
    ],
    { initialEntries: ['/dashboard', '/test'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup({ delay: null });
  return { speech, confirm, router, user, onSubmitted };
}

/**
 * Moves the fake clock on by `ms`. React applies a tick's update (and sets the next timer) only
 * when an act() scope ends, so time moves in steps no longer than the runner's shortest repeat
 * (1 s), each in its own scope.
 */
async function elapse(ms: number) {
  const end = performance.now() + ms;
  do {
    const step = Math.min(1_000, end - performance.now());
    await act(() => vi.advanceTimersByTimeAsync(step));
  } while (performance.now() < end);
}
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const focused = () => document.activeElement;

/** The server: answers POST /api/tests/2/attempts with `respond`. */
function serve(respond: (submission: AttemptSubmission, call: number) => Response | Promise<Response>) {
  const calls: AttemptSubmission[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const submission = JSON.parse(String(init.body)) as AttemptSubmission;
      calls.push(submission);
      return respond(submission, calls.length);
    }),
  );
  return calls;
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stored = (attemptId: string) => json(201, { attemptId, testId: 2 });

/** From the introduction to the first timed screen of a section, by keyboard. */
async function startTestAndTyping(h: Harness) {
  await h.user.keyboard('{Enter}'); // Start Test has the focus
  await h.user.keyboard('{Enter}'); // Start Section
}

/** From the introduction to the email screen, answering everything quickly by keyboard. */
async function runOutToEmail(h: Harness) {
  await startTestAndTyping(h);
  await passToEmail(h);
}

/** From a running typing section to the email screen (or the intro card of `stopAt`), by keyboard. */
async function passToEmail(h: Harness, stopAt?: 'passage') {
  await h.user.keyboard('The');
  await h.user.click(button('Press Enter to Skip'));
  for (const [count, answer] of [
    [10, 'x{Enter}'],
    [10, ' {Enter}'], // Space chooses the focused option
    [15, 'x{Enter}'],
  ] as const) {
    await h.user.keyboard('{Enter}');
    for (let i = 0; i < count; i++) await h.user.keyboard(answer);
  }
  if (stopAt) return;
  await h.user.keyboard('{Enter}');
  for (let i = 0; i < 3; i++) await h.user.keyboard('{Enter}x{Enter}');
  await h.user.keyboard('{Enter}');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  // Testing Library waits a fake setTimeout(0) after each user event and only advances it for
  // Jest's fake timers; this lets it do the same for Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  // jsdom has no CSS.escape, which user-event uses to find a radio group's other options.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/([^\w-])/g, '\\$1') });
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TestRunner by keyboard', () => {
  it('takes a whole test with the keyboard alone, focusing each new input, and submits it', async () => {
    const calls = serve(() => stored('attempt-1'));
    const h = renderRunner();
    expect(screen.getByRole('heading', { name: 'Test 2' })).toBeTruthy();
    expect(focused()).toBe(button('Start Test'));
    await h.user.keyboard('{Enter}');

    expect(screen.getByRole('heading', { name: 'Typing Test' })).toBeTruthy();
    expect(screen.getByText('Test 2 · Section 1 of 6: Typing Test')).toBeTruthy();
    expect(focused()).toBe(button('Start Section'));
    await h.user.keyboard('{Enter}');
    expect(focused()).toBe(screen.getByLabelText('Your typing'));
    await h.user.keyboard('The quick brown');
    await h.user.tab();
    expect(focused()).toBe(button('Press Enter to Skip'));
    await h.user.keyboard('{Enter}');

    for (const [section, name, count] of [
      [2, 'Sentence Completion', 10],
      [3, 'Fill in the Blanks', 10],
      [4, 'Jumbled Words', 15],
    ] as const) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
      expect(screen.getByText(`Test 2 · Section ${section} of 6: ${name}`)).toBeTruthy();
      await h.user.keyboard('{Enter}');
      for (let i = 1; i <= count; i++) {
        expect(screen.getByText(`Question ${i} of ${count}`)).toBeTruthy();
        if (section === 3) {
          expect(focused()).toBe(screen.getByRole('radio', { name: 'sunny' }));
          await h.user.keyboard('{ArrowDown}'); // native radios: the arrow chooses the next option
          expect((screen.getByRole('radio', { name: 'sun' }) as HTMLInputElement).checked).toBe(true);
        } else {
          expect(focused()).toBe(screen.getByLabelText(section === 4 ? 'Your sentence' : 'Your answer'));
          await h.user.keyboard(`answer ${i}`);
        }
        await h.user.keyboard('{Enter}');
      }
    }

    expect(screen.getByRole('heading', { name: 'Passage Reconstruction' })).toBeTruthy();
    await h.user.keyboard('{Enter}');
    for (let i = 1; i <= 3; i++) {
      expect(screen.getByText(`Passage ${i} of 3`)).toBeTruthy();
      expect(screen.getByText(TEST.passages[i - 1]!.sentences)).toBeTruthy();
      expect(focused()).toBe(button("I'm Ready to Write (or press Enter)"));
      await h.user.keyboard('{Enter}');
      expect(screen.queryByText(TEST.passages[i - 1]!.sentences)).toBeNull();
      expect(focused()).toBe(screen.getByLabelText('Reconstruct the passage in your own words:'));
      await h.user.keyboard(`passage ${i}`);
      await h.user.keyboard('{Enter}');
    }

    expect(screen.getByRole('heading', { name: 'Email Writing' })).toBeTruthy();
    await h.user.keyboard('{Enter}');
    expect(focused()).toBe(screen.getByLabelText('Your email'));
    await h.user.keyboard('Dear Ms Lee,{Shift>}{Enter}{/Shift}I would like a day off.');
    await h.user.keyboard('{Enter}');
    await elapse(0);

    expect(screen.getByText('result page ?attempt=attempt-1 attempt-1')).toBeTruthy();
    expect(calls).toHaveLength(1);
    const { answers } = calls[0]!;
    expect(answers.typing.text).toBe('The quick brown');
    expect(answers.typing.timeline).toHaveLength(15);
    expect(answers.sentenceAnswers).toEqual(Array.from({ length: 10 }, (_, i) => `answer ${i + 1}`));
    expect(answers.fillAnswers).toEqual(Array(10).fill('sun'));
    expect(answers.jumbledAnswers[14]).toBe('answer 15');
    expect(answers.passageInputs).toEqual(['passage 1', 'passage 2', 'passage 3']);
    expect(answers.emailInput).toBe('Dear Ms Lee,\nI would like a day off.');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('ignores Enter on an empty answer and keeps Next disabled until something is typed', async () => {
    const h = renderRunner();
    await startTestAndTyping(h);
    await h.user.keyboard('x');
    await h.user.click(button('Press Enter to Skip'));
    await h.user.keyboard('{Enter}');
    await h.user.keyboard('{Enter}');
    expect(screen.getByText('Question 1 of 10')).toBeTruthy();
    expect((button('Next') as HTMLButtonElement).disabled).toBe(true);
    await h.user.keyboard('   {Enter}');
    expect(screen.getByText('Question 1 of 10')).toBeTruthy();
    await h.user.keyboard('went');
    expect((button('Next') as HTMLButtonElement).disabled).toBe(false);
    await h.user.keyboard('{Enter}');
    expect(screen.getByText('Question 2 of 10')).toBeTruthy();
  });
});

describe('TestRunner timing', () => {
  it('ends the 60 s typing section at its deadline: textarea disabled, Continue focused, Enter then works', async () => {
    const h = renderRunner();
    await startTestAndTyping(h);
    expect(screen.getByRole('timer').textContent).toBe('Time left 1:00');
    expect((button('Press Enter to Skip') as HTMLButtonElement).disabled).toBe(true);
    await h.user.keyboard('The{Enter}');
    // Enter did nothing while time remains, not even a new line.
    expect((screen.getByLabelText('Your typing') as HTMLTextAreaElement).value).toBe('The');
    await elapse(1_000);
    expect(screen.getByRole('timer').textContent).toBe('Time left 59s');
    await elapse(58_900);
    expect(screen.getByRole('timer').textContent).toBe('Time left 1s');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await elapse(100);
    expect((screen.getByLabelText('Your typing') as HTMLTextAreaElement).disabled).toBe(true);
    expect(focused()).toBe(button('Continue'));
    expect(screen.getByRole('timer').textContent).toBe('Time left 0s');
    await h.user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Sentence Completion' })).toBeTruthy();
  });

  it('moves a blank answer on when a question times out, with 30 s for the next', async () => {
    const h = renderRunner();
    await startTestAndTyping(h);
    await elapse(60_000);
    await h.user.keyboard('{Enter}{Enter}');
    expect(screen.getByText('Question 1 of 10')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Time left 30s');
    await elapse(30_000);
    expect(screen.getByText('Question 2 of 10')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Time left 30s');
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).value).toBe('');
    expect(focused()).toBe(screen.getByLabelText('Your answer'));
  });

  it('never stretches a section in a background tab: timers that did not fire are caught up on return', async () => {
    let throttled = false;
    const real = systemClock(1);
    const clock: Clock = { now: real.now, setTimer: (callback, ms) => real.setTimer(() => !throttled && callback(), ms) };
    const h = renderRunner({ clock });
    await startTestAndTyping(h);
    await elapse(60_000);
    await h.user.keyboard('{Enter}{Enter}');
    throttled = true;
    await elapse(75_000);
    expect(screen.getByText('Question 1 of 10')).toBeTruthy(); // the tab was never woken
    throttled = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByText('Question 3 of 10')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Time left 15s');
  });

  it('shows the email timer as m:ss and ends the test when 300 s run out, with Finish Test', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const h = renderRunner();
    await runOutToEmail(h);
    expect(screen.getByRole('timer').textContent).toBe('Time left 5:00');
    await elapse(240_000);
    expect(screen.getByRole('timer').textContent).toBe('Time left 1:00');
    expect(button('Submit (or press Enter)')).toBeTruthy();
    await elapse(60_000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.answers.emailInput).toBe('');
    // While the answers are on their way: the email is frozen and the button reads Finish Test.
    expect((button('Finish Test') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Your email') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Saving your answers…');
    answer(stored('attempt-7'));
    await elapse(0);
    expect(screen.getByText('result page ?attempt=attempt-7 attempt-7')).toBeTruthy();
  });

  it('announces the time politely at a few moments, not every second', async () => {
    const h = renderRunner();
    await startTestAndTyping(h);
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('1 minute to answer.');
    await elapse(5_000);
    expect(live.textContent).toBe('1 minute to answer.');
    await elapse(25_000);
    expect(live.textContent).toBe('30 seconds left.');
    await elapse(30_000);
    expect(live.textContent).toBe('Time is up.');
  });
});

describe('TestRunner passages', () => {
  it("shows the passage for 30 s with its countdown, then the write phase for 90 s", async () => {
    const h = renderRunner();
    await startTestAndTyping(h);
    await passToEmail(h, 'passage');
    await h.user.keyboard('{Enter}');
    expect(screen.getByText('Read this passage carefully. It will disappear in 30 seconds.')).toBeTruthy();
    await elapse(12_000);
    expect(screen.getByText('Read this passage carefully. It will disappear in 18 seconds.')).toBeTruthy();
    await elapse(18_000);
    expect(screen.getByLabelText('Reconstruct the passage in your own words:')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Time left 1:30');
    expect((button('Next') as HTMLButtonElement).disabled).toBe(true);
    await elapse(90_000);
    expect(screen.getByText('Passage 2 of 3')).toBeTruthy();
  });
});

describe('TestRunner speech', () => {
  it('reads each intro card aloud and cancels the reading on Start Section', async () => {
    const h = renderRunner();
    expect(h.speech.speak).not.toHaveBeenCalled();
    await h.user.keyboard('{Enter}');
    expect(h.speech.speak).toHaveBeenLastCalledWith(SECTION_INTROS.typing);
    h.speech.cancel.mockClear();
    await h.user.keyboard('{Enter}');
    expect(h.speech.cancel).toHaveBeenCalled();
    await h.user.keyboard('x');
    await h.user.click(button('Press Enter to Skip'));
    expect(h.speech.speak).toHaveBeenLastCalledWith(SECTION_INTROS.sentence);
  });
});

describe('TestRunner leave warnings', () => {
  const beforeUnloadCancelled = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('warns on refresh or close only between the start and the end', async () => {
    serve(() => stored('attempt-2'));
    const h = renderRunner();
    expect(beforeUnloadCancelled()).toBe(false);
    await h.user.keyboard('{Enter}');
    expect(beforeUnloadCancelled()).toBe(true);
    await h.user.keyboard('{Enter}');
    await passToEmail(h);
    await h.user.keyboard('Regards');
    expect(beforeUnloadCancelled()).toBe(true);
    await h.user.keyboard('{Enter}');
    expect(beforeUnloadCancelled()).toBe(false);
  });

  it('asks before going back and, when confirmed, goes to /dashboard', async () => {
    const h = renderRunner();
    await startTestAndTyping(h);
    await act(() => h.router.navigate(-1));
    expect(h.confirm).toHaveBeenCalledWith(LEAVE_ON_BACK);
    expect(screen.getByText('dashboard page')).toBeTruthy();
    expect(h.router.state.location.pathname).toBe('/dashboard');
  });

  it('stays in the test when going back is not confirmed', async () => {
    const h = renderRunner({ confirmAnswer: false });
    await startTestAndTyping(h);
    await h.user.keyboard('abc');
    await act(() => h.router.navigate(-1));
    expect(h.confirm).toHaveBeenCalledWith(LEAVE_ON_BACK);
    expect((screen.getByLabelText('Your typing') as HTMLTextAreaElement).value).toBe('abc');
  });

  it('does not ask before the test starts', async () => {
    const h = renderRunner();
    await act(() => h.router.navigate(-1));
    expect(h.confirm).not.toHaveBeenCalled();
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });
});

describe('TestRunner submission', () => {
  it('keeps the answers in sessionStorage and retries with the same id until the server has them', async () => {
    const calls = serve((_, call) => (call < 3 ? Promise.reject(new TypeError('Failed to fetch')) : stored('attempt-3')));
    const h = renderRunner();
    await runOutToEmail(h);
    await h.user.keyboard('Dear team{Enter}');
    await elapse(0);
    expect(screen.getByText(/Your answers are not saved yet: The server could not be reached/)).toBeTruthy();
    const saved = JSON.parse(window.sessionStorage.getItem('fluent:pending-attempt:2')!) as AttemptSubmission;
    expect(saved.answers.emailInput).toBe('Dear team');
    await elapse(1_000); // second try after 1 s
    expect(calls).toHaveLength(2);
    await elapse(1_999);
    expect(calls).toHaveLength(2);
    await elapse(1); // third after 2 s more
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.submissionId)).size).toBe(1);
    expect(saved.submissionId).toBe(calls[0]!.submissionId);
    expect(screen.getByText('result page ?attempt=attempt-3 attempt-3')).toBeTruthy();
    expect(window.sessionStorage.getItem('fluent:pending-attempt:2')).toBeNull();
    expect(h.onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal and drops the stored answers', async () => {
    serve(() => json(409, { statusCode: 409, message: 'You have already attempted this test.' }));
    const h = renderRunner();
    await runOutToEmail(h);
    await h.user.keyboard('Dear team{Enter}');
    await elapse(0);
    expect(screen.getByRole('alert').textContent).toContain('You have already attempted this test.');
    expect(window.sessionStorage.getItem('fluent:pending-attempt:2')).toBeNull();
    expect(h.onSubmitted).not.toHaveBeenCalled();
  });

  it('sends a resumed submission at once, with its id', async () => {
    const pending: AttemptSubmission = {
      submissionId: '3f0c1c9e-8f5b-4c59-9a43-0e5b1f4c2d11',
      answers: {
        typing: { text: 'The', elapsedMs: 60_000, timeline: [[1_000, 3]] },
        sentenceAnswers: Array(10).fill(''),
        fillAnswers: Array(10).fill(''),
        jumbledAnswers: Array(15).fill(''),
        passageInputs: Array(3).fill(''),
        emailInput: 'Stored email',
      },
    };
    const calls = serve(() => stored('attempt-4'));
    renderRunner({ pending });
    await elapse(0);
    expect(calls).toEqual([pending]);
    expect(screen.getByText('result page ?attempt=attempt-4 attempt-4')).toBeTruthy();
  });
});
