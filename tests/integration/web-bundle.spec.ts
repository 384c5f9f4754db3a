import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionBank } from '@fluent/question-bank';
import { ROOT } from '../../tools/stack/paths.mjs';

// docs/product.md#the-tests: the question bank lives on the server. What the gateway serves is apps/web/dist,
// built by `npm test` before this runs; no chunk of it may carry a question or an answer.
const dist = join(ROOT, 'apps/web/dist');

describe('the web bundle', () => {
  it('contains no item of the question bank: no typing paragraph, passage, email prompt or answer', () => {
    const shipped = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|html|json|css)$/.test(entry.name))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    expect(shipped.length).toBeGreaterThan(10_000);

    const bank = questionBank();
    const leaked = [
      ...bank.typing.map((t) => t.paragraph.slice(0, 60)),
      ...bank.passages.map((p) => p.sentences.slice(0, 60)),
      ...bank.emails.map((e) => e.prompt.slice(0, 60)),
      ...bank.jumbled.flatMap((j) => [j.jumbled, j.answer]),
      ...bank.sentences.map((s) => s.question),
      ...bank.fills.map((f) => f.question),
    ].filter((text) => shipped.includes(text));
    expect(leaked).toEqual([]);
  });
});
