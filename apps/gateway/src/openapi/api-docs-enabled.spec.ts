import { describe, expect, it } from 'vitest';
import { apiDocsEnabled } from './openapi.controller';

describe('apiDocsEnabled: /api/openapi.json and /api/docs', () => {
  it('are on outside production and off in production', () => {
    expect(apiDocsEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'test' })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'production' })).toBe(false);
  });

  it('follow API_DOCS when it is set, production or not', () => {
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: true })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: false })).toBe(false);
  });
});
