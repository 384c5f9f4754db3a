import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedAfterReviewNote, CLAIM_ORDER_BUTTON, CLAIM_ORDER_SENT, UNLISTED_ORDER_NOTE, type AssembledTest } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { jumbledOrderKey } from '@fluent/scoring';
import { blankAnswers, submission, submitAttempt } from '../support/catalog';
import { launchBrowser, newPage } from '../support/browser';
import { freshUnlistedOrder } from '../support/jumbled-orders';
import { submitLoginForm } from '../support/login-page';
import { signedInOperator } from '../support/operators';
import { api, eventually } from '../support/stack';
import { bearer, signUp } from '../support/users';

const test1: AssembledTest = assembleTest(questionBank(), 1)!;
const ITEM_AT = 4;
const item = test1.jumbled[ITEM_AT]!;

describe('results: "I think my sentence is correct" on a jumbled answer of the same words', () => {
  let browser: Browser;
  let operator: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await signedInOperator();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('says the sentence uses all the words, files the claim in one tap, and shows the note once an operator accepted it', async () => {
    const order = freshUnlistedOrder(item);
    const { email, tokens } = await signUp();
    const answers = blankAnswers({ jumbledAnswers: test1.jumbled.map((_, i) => (i === ITEM_AT ? order : '')) });
    const stored = await submitAttempt(tokens.accessToken, 1, submission(answers));
    expect(stored.status).toBe(201);
    // The machine running the suite may be busy: the runner's journeys allow as much.
    const page = await newPage(browser);
    page.setDefaultTimeout(30_000);
    await page.goto('/login');
    await submitLoginForm(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`/result?attempt=${stored.body.attemptId}`);

    const jumbled = page.getByRole('region', { name: 'Jumbled Words' });
    const row = jumbled.getByRole('listitem').nth(ITEM_AT);
    await row.getByText(UNLISTED_ORDER_NOTE).waitFor();
    // Only the item whose answer uses the words has it.
    expect(await jumbled.getByText(UNLISTED_ORDER_NOTE).count()).toBe(1);
    await row.getByRole('button', { name: `${CLAIM_ORDER_BUTTON} (Jumbled Words question ${ITEM_AT + 1})` }).click();
    expect(await row.getByRole('status').textContent()).toBe(CLAIM_ORDER_SENT);
    expect(await row.getByRole('button', { name: new RegExp(CLAIM_ORDER_BUTTON) }).count()).toBe(0);

    // The claim is what the operators see, with the learner's order.
    const listed = await api('/api/reports/jumbled-orders?limit=50', { headers: bearer(operator) });
    expect(listed.body.orders.some((o: { itemId: number; order: string }) => o.itemId === item.id && o.order === jumbledOrderKey(order))).toBe(true);

    const accepted = await api('/api/reports/jumbled-orders/decisions', { method: 'POST', headers: bearer(operator), body: JSON.stringify({ itemId: item.id, order, decision: 'accept' }) });
    expect(accepted.status).toBe(200);
    await eventually(() => api(`/api/attempts/${stored.body.attemptId}`, { headers: bearer(tokens.accessToken) }), (r) => r.body.reviews?.length === 1);

    const note = acceptedAfterReviewNote(ITEM_AT + 1, 1);
    await page.reload();
    await page.getByText(note).waitFor();
    expect(await row.getByText('Correct', { exact: true }).count()).toBe(1);
    expect(await jumbled.getByText(UNLISTED_ORDER_NOTE).count()).toBe(0);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Your progress' }).getByText(note).waitFor();
    // Two sign-ins, a report, a decision and its rescoring through JetStream: like the writing-feedback journeys.
  }, 180_000);
});
