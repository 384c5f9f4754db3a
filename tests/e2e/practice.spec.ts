import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIX_OUTCOME_MESSAGES, PRACTICE_CARD_KIND_TITLES, PracticeTexts, SECTION_NAMES, type AssembledTest, type PracticeCardsResponse, type TestAnswers } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { axeViolations } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { blankAnswers, submission, submitAttempt } from '../support/catalog';
import { layoutProblems } from '../support/layout';
import { submitLoginForm } from '../support/login-page';
import { startTimeScaledGateway } from '../support/runner';
import { api, eventually } from '../support/stack';
import { bearer, signUp } from '../support/users';

// /practice in the browser against the real stack: a learner's test with planted mistakes (a
// sentence, a fill-in and a jumbled item wrong, a passage sentence with a grammar issue the writing
// feedback finds, one word of the typing paragraph mistyped) becomes cards; the learner then does
// the whole session by keyboard alone (Enter checks, Enter again goes on), at a phone's width and
// a laptop's, with axe and the layout checked on every card.
const TEST = assembleTest(questionBank(), 1)!;
const PASSAGE = 'I has went to the library on Monday, but it was closed because workers were painting the walls.';
const PASSAGE_FIXED = 'I went to the library on Monday, but it was closed because workers were painting the walls.';

/** The first word of the typing paragraph that is letters only and long enough to misspell, and its misspelling (two inner letters swapped). */
function plantedTypo(paragraph: string): { index: number; word: string; typo: string } {
  const words = paragraph.split(' ');
  const index = words.findIndex((w, i) => i > 0 && /^[a-z]{6,}$/.test(w) && w[2] !== w[3]);
  const word = words[index]!;
  return { index, word, typo: `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}` };
}
const TYPO = plantedTypo(TEST.typing.paragraph);

/** Every answer right but the planted mistakes. */
function answersWithMistakes(test: AssembledTest): TestAnswers {
  const typed = test.typing.paragraph.split(' ');
  typed[TYPO.index] = TYPO.typo;
  const wrongFill = test.fills[0]!.options.find((option) => option !== test.fills[0]!.answer)!;
  return blankAnswers({
    typing: { text: typed.join(' '), elapsedMs: 60_000 },
    sentenceAnswers: test.sentences.map((s, i) => (i === 0 ? 'zebra' : s.acceptableAnswers[0]!)),
    fillAnswers: test.fills.map((f, i) => (i === 0 ? wrongFill : f.answer)),
    jumbledAnswers: test.jumbled.map((j, i) => (i === 0 ? '' : j.answer)),
    passageInputs: [PASSAGE, test.passages[1]!.sentences, test.passages[2]!.sentences],
    emailInput: 'Dear Mr Patel, the kitchen tap drips day and night. Please send a plumber this week. Yours sincerely, Sam',
  });
}

/** The learner's due cards once the attempt's and its feedback's cards are all made (the feedback waits for LanguageTool). */
async function cardsAfterTest(token: string): Promise<PracticeCardsResponse> {
  const read = async () => (await api('/api/practice/cards?limit=10', { headers: bearer(token) })).body as PracticeCardsResponse;
  const kinds = (cards: PracticeCardsResponse) => (cards.cards ?? []).map((card) => card.kind);
  return eventually(read, (cards) => kinds(cards).filter((k) => k === 'missed-item').length === 3 && kinds(cards).includes('fix-sentence') && kinds(cards).includes('mistyped-words'), 90_000);
}

describe('/practice: a whole session by keyboard', () => {
  let browser: Browser;
  let gateway: Awaited<ReturnType<typeof startTimeScaledGateway>>;
  const learners: Array<{ email: string; cards: PracticeCardsResponse }> = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    gateway = await startTimeScaledGateway();
    // Two learners (one per width: a finished session leaves nothing due), their tests taken together.
    await Promise.all(
      [0, 1].map(async (i) => {
        const { email, tokens } = await signUp();
        const stored = await submitAttempt(tokens.accessToken, 1, submission(answersWithMistakes(TEST)));
        if (stored.status !== 201) throw new Error(`the attempt was not stored: ${stored.status} ${JSON.stringify(stored.body)}`);
        learners[i] = { email, cards: await cardsAfterTest(tokens.accessToken) };
      }),
    );
  }, 150_000);

  afterAll(async () => {
    await gateway?.stop();
    await browser?.close();
  });

  /** What is wrong on screen now: axe's violations and, at every width, the layout's problems. */
  async function problems(page: Page, screen: string): Promise<string[]> {
    const found = [...(await axeViolations(page)).map((v) => `${screen}: axe ${v}`), ...(await layoutProblems(page)).map((p) => `${screen}: ${p}`)];
    return found;
  }

  /** Whatever the card on screen is, answers it by keyboard: one missed item wrong, the rest right. Returns what the verdict must say. */
  async function answerCard(page: Page, session: ReturnType<Page['getByRole']>): Promise<{ kind: string; verdict: string }> {
    const title = (await session.getByRole('heading', { level: 2 }).textContent())!;
    if (title === PRACTICE_CARD_KIND_TITLES['mistyped-words']) {
      const line = (await session.locator('.practice-line').textContent())!;
      expect(line.split(' ')).toContain(TYPO.word);
      await page.keyboard.type(line);
      await page.keyboard.press('Enter');
      return { kind: 'words', verdict: '100% accuracy' };
    }
    if (title === PRACTICE_CARD_KIND_TITLES['fix-sentence']) {
      const answer = session.getByLabel('Your corrected sentence');
      expect(await answer.inputValue()).toBe(PASSAGE);
      expect(await session.getByRole('list', { name: 'What to fix' }).getByRole('listitem').count()).toBeGreaterThan(0);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(PASSAGE_FIXED);
      await page.keyboard.press('Enter');
      return { kind: 'fix', verdict: FIX_OUTCOME_MESSAGES.fixed };
    }
    expect(title).toBe(PRACTICE_CARD_KIND_TITLES['missed-item']);
    const meta = (await session.locator('.practice-meta').textContent())!;
    if (meta.startsWith(SECTION_NAMES.fill)) {
      // Wrong on purpose: the verdict then tells the right answer. Arrow keys move between the options as native radios do.
      const fill = TEST.fills[0]!;
      const wrong = fill.options.findIndex((option) => option !== fill.answer);
      if (wrong === 0) await page.keyboard.press('Space');
      else for (let i = 0; i < wrong; i++) await page.keyboard.press('ArrowDown');
      expect(await session.getByRole('radio', { name: fill.options[wrong], exact: true }).isChecked()).toBe(true);
      await page.keyboard.press('Enter');
      return { kind: 'fill', verdict: `${PracticeTexts.wrong} ${fill.answer}` };
    }
    if (meta.startsWith(SECTION_NAMES.sentence)) {
      expect(await session.getByText(TEST.sentences[0]!.question).count()).toBe(1);
      await page.keyboard.type(TEST.sentences[0]!.acceptableAnswers[0]!);
      await page.keyboard.press('Enter');
      return { kind: 'sentence', verdict: PracticeTexts.right };
    }
    expect(meta.startsWith(SECTION_NAMES.jumbled)).toBe(true);
    expect(await session.getByText(PracticeTexts.leftBlank).count()).toBe(1);
    await page.keyboard.type(TEST.jumbled[0]!.answer);
    await page.keyboard.press('Enter');
    return { kind: 'jumbled', verdict: PracticeTexts.right };
  }

  it.each([375, 1280])('at %i px: from the dashboard, every card answered and gone on by keyboard, the verdicts, the empty state, the figures; axe clean', async (width) => {
    const learner = learners[width === 375 ? 0 : 1]!;
    const due = learner.cards.dueToday;
    const page = await newPage(browser, { baseURL: gateway.url, viewport: { width, height: 800 } });
    await page.goto('/login');
    await submitLoginForm(page, learner.email);
    await page.waitForURL('**/dashboard');

    // The dashboard: "N due" in the strip and "Practice — N due today" in the header, both to /practice.
    const strip = page.getByRole('region', { name: 'Your progress' });
    await strip.getByRole('link', { name: PracticeTexts.dueToday(due) }).waitFor();
    expect(await strip.getByRole('link', { name: PracticeTexts.dueToday(due) }).textContent()).toBe(PracticeTexts.dueShort(due));
    const headerLink = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: PracticeTexts.dueToday(due) });
    expect(await headerLink.getAttribute('href')).toBe('/practice');
    await headerLink.click();
    await page.waitForURL('**/practice');

    const session = page.getByRole('region', { name: 'Practice session' });
    await session.getByText(/^Card 1 of \d+$/).waitFor();
    const found: string[] = [];
    const seen: string[] = [];
    const steps = Number((await session.getByText(/^Card 1 of \d+$/).textContent())!.split(' of ')[1]);
    for (let n = 1; n <= steps; n++) {
      await session.getByText(`Card ${n} of ${steps}`).waitFor();
      found.push(...(await problems(page, `card ${n}`)));
      const { kind, verdict } = await answerCard(page, session);
      seen.push(kind);
      const status = session.getByRole('status');
      await status.waitFor({ timeout: 30_000 });
      expect(await status.textContent(), kind).toContain(verdict);
      found.push(...(await problems(page, `card ${n} answered`)));
      // Enter again goes on (the focus is on Next).
      await page.keyboard.press('Enter');
    }
    expect(seen.sort()).toEqual(['fill', 'fix', 'jumbled', 'sentence', 'words']);

    // Everything due is done: wrong answers come back tomorrow, not today.
    await session.getByRole('heading', { name: `Well done: ${due} cards reviewed.` }).waitFor();
    expect(await session.getByText(PracticeTexts.empty).count()).toBe(1);
    const figures = page.getByRole('region', { name: 'Your practice' });
    await expect.poll(() => figures.locator('dl').first().textContent(), { timeout: 10_000 }).toBe(`${PracticeTexts.dueTodayLabel}0${PracticeTexts.reviewedTodayLabel}${due}${PracticeTexts.streakLabel}${PracticeTexts.streak(1)}`);
    expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: PracticeTexts.dueToday(0) }).count()).toBe(1);
    found.push(...(await problems(page, 'session done')));
    expect(found).toEqual([]);

    // The end's link has the focus: Enter goes back to the dashboard.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.close();
  }, 180_000);
});
