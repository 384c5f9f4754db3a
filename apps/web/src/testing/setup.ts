import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setRetryPolicy } from '@/lib/api-client';

afterEach(() => cleanup());

// jsdom has <dialog> without its modal methods; the browser e2e tests cover the real behaviour.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// The API client's own retries through an outage are tested with a fake clock in
// lib/api-client.spec.ts; elsewhere an outage answers at once, as the page shows it once the
// client gives up.
setRetryPolicy({ budgetMs: 0, baseMs: 0, maxDelayMs: 0 });
