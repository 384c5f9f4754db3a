import { describe, expect, it } from 'vitest';
import { googleAnalyticsSources } from './content-security-policy';

describe('googleAnalyticsSources', () => {
  it('allows no Google host when Google Analytics is not configured', () => {
    expect(googleAnalyticsSources('')).toEqual({ script: [], connect: [], img: [] });
  });

  it("allows gtag.js and its collection endpoints when a measurement id is set", () => {
    const sources = googleAnalyticsSources('G-TEST123');
    expect(sources.script).toEqual(['https://*.googletagmanager.com']);
    expect(sources.connect).toContain('https://*.google-analytics.com');
  });
});
