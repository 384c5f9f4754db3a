import type { Page } from 'playwright-core';

/** Accepts every alert/confirm on the page and remembers its text. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

export async function waitForDialog(messages: string[], expected: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!messages.includes(expected)) {
    if (Date.now() > deadline) throw new Error(`no dialog "${expected}"; saw ${JSON.stringify(messages)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
