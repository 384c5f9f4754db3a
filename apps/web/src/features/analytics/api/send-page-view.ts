import type { PageViewInput } from '@fluent/contracts';

/**
 * Reports a page view to our own analytics: the path only, no cookies, and nothing about the
 * visitor. `keepalive` lets the request finish when the visitor is leaving the site. Failures are
 * ignored: counting must never get in the way of the page.
 */
export function sendPageView(path: string): void {
  const body: PageViewInput = { path };
  fetch('/api/analytics/page-view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}
