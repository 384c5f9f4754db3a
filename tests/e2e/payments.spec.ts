import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { recordDialogs, waitForDialog } from '../support/dialogs';
import { learnerOnDashboard } from '../support/login-page';
import { me } from '../support/payments';
import { api } from '../support/stack';
import { bearer } from '../support/users';

const cardButtons = async (page: Page) => (await page.locator('article.mock-test-card button').allTextContents()).map((label) => label.trim());

async function openPurchaseDialog(page: Page) {
  await page.getByRole('article', { name: 'Test 5' }).getByRole('button', { name: /Unlock Test/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock premium tests' });
  await dialog.waitFor();
  return dialog;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

describe('premium purchase (offline test cards)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an unpaid learner pays with 4242 4242 4242 4242: Processing..., the success alert, and every card shows Start Test without a reload', async () => {
    const { page, token } = await learnerOnDashboard(browser);
    expect(await cardButtons(page)).toEqual([...Array(3).fill('Start Test'), ...Array(17).fill('Unlock Test')]);
    const alerts = recordDialogs(page);
    // Survives only if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const dialog = await openPurchaseDialog(page);
    expect(await dialog.textContent()).toContain('17 premium tests');
    // The modal dialog takes the focus, on its first field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardNumber');
    await fillCard(page, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay $49.99' }).click();
    await dialog.getByRole('button', { name: 'Processing...' }).waitFor();

    await waitForDialog(alerts, 'Payment successful! You now have access to all premium tests.', 30_000);
    await dialog.waitFor({ state: 'hidden' });
    expect(await cardButtons(page)).toEqual(Array(20).fill('Start Test'));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect((await me(token)).body.paidTests).toBe(true);

    await page.getByRole('article', { name: 'Test 5' }).getByRole('button', { name: 'Start Test' }).click();
    await page.waitForURL('**/test');
  });

  it('a declined card shows the provider’s message in red; the dialog stays open and the tests stay locked', async () => {
    const { page, token } = await learnerOnDashboard(browser);
    const alerts = recordDialogs(page);
    const dialog = await openPurchaseDialog(page);
    await fillCard(page, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Pay $49.99' }).click();

    const message = dialog.getByRole('alert');
    await message.waitFor();
    expect(await message.textContent()).toBe('Your card was declined.');
    // In red: the theme's --danger colour.
    const colours = await message.evaluate((element) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--danger)';
      element.parentElement!.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { shown: getComputedStyle(element).color, danger };
    });
    expect(colours.shown).toBe(colours.danger);
    const [red, green, blue] = colours.shown.match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150);
    expect(Math.max(green!, blue!)).toBeLessThan(80);
    await dialog.getByRole('button', { name: 'Pay $49.99' }).waitFor();
    expect(alerts).toEqual([]);
    expect((await me(token)).body.paidTests).toBeFalsy();
    expect((await api('/api/tests', { headers: bearer(token) })).body.paid).toBe(false);

    // Cancel closes; the cards are as they were.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cardButtons(page)).toEqual([...Array(3).fill('Start Test'), ...Array(17).fill('Unlock Test')]);
  });

  it("shows 'Payment failed. Please try again.' in the dialog when the connection drops, and charges nothing", async () => {
    const { page, token } = await learnerOnDashboard(browser);
    const dialog = await openPurchaseDialog(page);
    await page.route('**/api/create-payment-intent', (route) => route.abort('internetdisconnected'));
    await fillCard(page, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay $49.99' }).click();
    const message = dialog.getByRole('alert');
    await message.waitFor();
    expect(await message.textContent()).toBe('Payment failed. Please try again.');
    await dialog.getByRole('button', { name: 'Pay $49.99' }).waitFor();
    expect((await me(token)).body.paidTests).toBeFalsy();
    expect((await api('/api/tests', { headers: bearer(token) })).body.paid).toBe(false);
  });

  it('keeps the keyboard inside the dialog (Tab cycles its controls) and Escape cancels', async () => {
    const { page } = await learnerOnDashboard(browser);
    const dialog = await openPurchaseDialog(page);
    const inside: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      inside.push(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]')));
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      inside.push(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]')));
    }
    expect(inside).toEqual(Array(14).fill(true));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
