import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules: what the site promises (docs/development.md#pages-and-look). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's violations on what the page shows now, one line each (rule, impact, help, the first
 * elements). The engine is evaluated through the DevTools protocol, which the page's CSP does not
 * govern, once per document (a client-side navigation keeps it).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const result = await engine.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }, TAGS);
  return violations;
}
