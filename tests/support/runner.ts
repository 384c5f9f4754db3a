import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Dialog, Page } from 'playwright-core';
import { ROOT } from '../../tools/stack/paths.mjs';
import { newPage } from './browser';
import { submitLoginForm } from './login-page';
import { startExtraGateway } from './stack';
import { signUp } from './users';

/**
 * The web app built for browser tests (`nx run @fluent/web:build-e2e`, part of `npm test`'s
 * build): the production app, except that a test may speed up the runner's clock. The stack's
 * own gateway keeps serving the production build; a second gateway serves this one
 * (FLUENT_E2E_WEB_DIST names another such build: a mutated copy, to see a test fail on it).
 */
const E2E_DIST = process.env.FLUENT_E2E_WEB_DIST ?? join(ROOT, 'apps', 'web', 'dist-e2e');

export async function startTimeScaledGateway() {
  if (!existsSync(join(E2E_DIST, 'index.html'))) throw new Error(`${E2E_DIST} is missing: run npx nx run @fluent/web:build-e2e`);
  // FLUENT_E2E_GATEWAY_OFFSET: another port (offset from the stack's gateway) to run two browser files side by side.
  return startExtraGateway({ WEB_DIST: E2E_DIST }, Number(process.env.FLUENT_E2E_GATEWAY_OFFSET ?? 57));
}

/** One call the runner made to window.speechSynthesis. */
export type SpeechCall = { type: 'speak'; text: string; lang: string; rate: number; pitch: number } | { type: 'cancel' };

/**
 * A new learner signed in on /dashboard at `baseUrl`, whose runner clock runs `timeScale` times
 * real time, and whose speech synthesis is a recorder (headless Chromium has no voices).
 */
export async function learnerOnDashboard(browser: Browser, baseUrl: string, timeScale: number): Promise<Page> {
  const { email } = await signUp();
  const page = await newPage(browser, { baseURL: baseUrl });
  await page.addInitScript((scale: number) => {
    window.localStorage.setItem('fluent:e2e-time-scale', String(scale));
    const calls: unknown[] = [];
    Object.assign(window, { __speechCalls: calls });
    const synth = {
      speak: (u: SpeechSynthesisUtterance) => calls.push({ type: 'speak', text: u.text, lang: u.lang, rate: u.rate, pitch: u.pitch }),
      cancel: () => calls.push({ type: 'cancel' }),
      pause: () => undefined,
      resume: () => undefined,
      getVoices: () => [],
    };
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synth });
  }, timeScale);
  await page.goto('/login');
  await submitLoginForm(page, email);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Test 20' }).waitFor();
  return page;
}

export const speechCalls = (page: Page): Promise<SpeechCall[]> => page.evaluate(() => (window as unknown as { __speechCalls: SpeechCall[] }).__speechCalls);

/**
 * Every alert, confirm and beforeunload dialog the page opens, answered from a queue of
 * decisions (accept when the queue is empty).
 */
export function dialogRecorder(page: Page) {
  const seen: Array<{ type: string; message: string }> = [];
  const decisions: { accept: boolean; afterMs: number }[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    const { accept, afterMs } = decisions.shift() ?? { accept: true, afterMs: 0 };
    const answer = () => void (accept ? dialog.accept() : dialog.dismiss());
    if (afterMs > 0) setTimeout(answer, afterMs);
    else answer();
  });
  return {
    seen,
    /** The next dialog is answered with Cancel (stay on the page). */
    dismissNext: () => decisions.push({ accept: false, afterMs: 0 }),
    /** The next dialog is answered with OK after a person's pause: the browser settles meanwhile. */
    acceptNextAfter: (afterMs: number) => decisions.push({ accept: true, afterMs }),
    async waitFor(type: string, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (seen.filter((d) => d.type === type).length < count) {
        if (Date.now() > deadline) throw new Error(`no ${type} dialog; saw ${JSON.stringify(seen)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return seen.filter((d) => d.type === type)[count - 1]!;
    },
  };
}

/** Whether the page currently asks before unloading (its beforeunload listener cancels the event). */
export const asksBeforeUnload = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/**
 * The text the page's beforeunload listener leaves on the event (browsers now show their own
 * wording; older ones showed this). Only a real BeforeUnloadEvent carries returnValue as text.
 */
export const unloadWarningText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const event = document.createEvent('BeforeUnloadEvent');
    event.initEvent('beforeunload', false, true);
    window.dispatchEvent(event);
    return String(event.returnValue);
  });

/**
 * The test page of test `n`, once it shows: its introduction, with its own 'Start Test'. The
 * address changes first: React renders the new page in a transition, so for a moment the
 * dashboard, whose cards have 'Start Test' buttons too, is still on screen at /test.
 */
export async function testIntroduction(page: Page, n: number) {
  await page.waitForURL('**/test');
  await page.getByRole('heading', { level: 1, name: `Test ${n}`, exact: true }).waitFor();
  return page.locator('.test-intro');
}

/**
 * The runner clock of the page's mounted test (a test build's, see apps/web/src/features/runner/lib/runner-clock.ts):
 * a test stops it while it checks a screen, and moves it on to end a question, instead of racing
 * the question's seconds.
 */
export function runnerClockOf(page: Page) {
  const call = (what: 'pause' | 'resume' | 'advance', ms = 0) =>
    page.evaluate(
      ([name, by]) => {
        const clock = (window as unknown as { __fluentRunnerClock?: Record<'pause' | 'resume' | 'advance', (ms?: number) => void> }).__fluentRunnerClock;
        if (!clock) throw new Error('no runner clock on this page: a test build (dist-e2e) with the runner mounted is needed');
        if (name === 'advance') clock.advance(by);
        else clock[name]();
      },
      [what, ms] as const,
    );
  return {
    pause: () => call('pause'),
    resume: () => call('resume'),
    /** Moves test time on by `ms` (a question's 30 s ends at once). */
    advance: (ms: number) => call('advance', ms),
    /** Runs `check` with the clock stopped, then lets it run again. */
    async stoppedWhile<T>(check: () => Promise<T>): Promise<T> {
      await call('pause');
      try {
        return await check();
      } finally {
        await call('resume');
      }
    },
  };
}
