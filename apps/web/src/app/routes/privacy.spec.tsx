import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrivacyRoute, retentionPeriod } from './privacy';

describe('privacy page', () => {
  it("states what docs/product.md#blog-contact-and-information-pages says it collects, and how long contact messages and page views are kept", () => {
    render(
      <MemoryRouter>
        <PrivacyRoute />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('We collect your name, contact information and demographics, and we use cookies.');
    const keeping = screen.getByRole('heading', { name: 'How long we keep it' }).nextElementSibling?.textContent ?? '';
    expect(keeping).toContain('Contact messages: one year after they reach us, then deleted automatically');
    expect(keeping).toMatch(/Page views: within a few days .* deleted after two years/);
  });

  it('names a period in years when it is whole years, else in days', () => {
    expect([retentionPeriod(365), retentionPeriod(730), retentionPeriod(90)]).toEqual(['one year', 'two years', '90 days']);
  });
});
