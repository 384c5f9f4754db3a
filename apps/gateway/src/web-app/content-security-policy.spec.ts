import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, googleAnalyticsSources, GTAG_SCRIPT_URL } from './content-security-policy';

/** The header Helmet sends for these options, as directive → sources. */
function headerFor(gaMeasurementId: string): Record<string, string[]> {
  let header = '';
  const response = { setHeader: (name: string, value: string) => (name === 'Content-Security-Policy' ? (header = value) : undefined), removeHeader: () => undefined };
  helmet({ contentSecurityPolicy: contentSecurityPolicy(gaMeasurementId) })({} as never, response as never, () => undefined);
  return Object.fromEntries(header.split(';').map((part) => { const [name = '', ...sources] = part.trim().split(/\s+/); return [name, sources]; }));
}

describe('contentSecurityPolicy', () => {
  it("allows styles from our own files only: no other host, no injected <style> (Helmet's https: and 'unsafe-inline' are gone)", () => {
    const csp = headerFor('');
    expect(csp['style-src']).toEqual(["'self'"]);
    // Stripe.js sets style attributes on what it mounts; an attribute carries no selector.
    expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(csp['font-src']).toEqual(["'self'"]);
  });

  it('runs our scripts and Stripe.js only, never inline code or eval, and nobody may frame the site', () => {
    const csp = headerFor('');
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('names no Google host at all without a measurement id', () => {
    expect(JSON.stringify(headerFor(''))).not.toMatch(/google/);
  });

  it('with a measurement id, allows the gtag.js file by its path, never a Tag Manager host (a known CSP bypass)', () => {
    const csp = headerFor('G-TEST123');
    expect(csp['script-src']).toContain(GTAG_SCRIPT_URL);
    expect(csp['script-src']?.filter((source) => source.includes('google'))).toEqual(['https://www.googletagmanager.com/gtag/js']);
    expect(csp['connect-src']).toContain('https://*.google-analytics.com');
  });
});

describe('googleAnalyticsSources', () => {
  it('is empty when Google Analytics is not configured', () => {
    expect(googleAnalyticsSources('')).toEqual({ script: [], connect: [], img: [] });
  });

  it('never allows a wildcard Google host to run scripts', () => {
    expect(googleAnalyticsSources('G-TEST123').script.some((source) => source.includes('*'))).toBe(false);
  });
});
