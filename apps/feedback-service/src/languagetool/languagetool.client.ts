import { z } from 'zod';
import type { ComponentStatus } from '@fluent/contracts';
import type { CheckerResult } from '@fluent/writing-feedback';

/** The parts of LanguageTool's /v2/check answer we use; anything else it sends is ignored. */
const checkResponseSchema = z.object({
  software: z.object({ name: z.string(), version: z.string() }),
  language: z.object({ detectedLanguage: z.object({ code: z.string(), confidence: z.number() }).optional() }).optional(),
  matches: z.array(
    z.object({
      message: z.string(),
      offset: z.number().int(),
      length: z.number().int(),
      replacements: z.array(z.object({ value: z.string() })),
      rule: z.object({ id: z.string(), issueType: z.string().optional(), category: z.object({ id: z.string() }) }),
    }),
  ),
});

export interface LanguageToolOptions {
  url: string;
  variant: 'en-GB' | 'en-US';
  timeoutMs: number;
}

export interface CheckedText extends CheckerResult {
  checker: { name: string; version: string; variant: string };
}

/**
 * LanguageTool's HTTP API (POST /v2/check). With British English, the Oxford -ize suggestions are
 * turned off: "realise" and "organise" are as British as the bank. A failure (down, slow, an
 * answer that is not LanguageTool's) throws, so the event is retried.
 */
export class LanguageToolClient {
  constructor(private readonly options: LanguageToolOptions) {}

  async check(text: string): Promise<CheckedText> {
    const body = new URLSearchParams({ text, language: this.options.variant });
    if (this.options.variant === 'en-GB') body.set('disabledCategories', 'BRE_STYLE_OXFORD_SPELLING');
    const response = await fetch(`${this.options.url}/v2/check`, { method: 'POST', body, signal: AbortSignal.timeout(this.options.timeoutMs) });
    if (!response.ok) throw new Error(`LanguageTool answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const parsed = checkResponseSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`LanguageTool's answer has an unexpected shape: ${parsed.error.message.slice(0, 200)}`);
    const { software, language, matches } = parsed.data;
    return {
      checker: { name: software.name, version: software.version, variant: this.options.variant },
      detectedLanguage: language?.detectedLanguage,
      matches: matches.map((m) => ({
        offset: m.offset,
        length: m.length,
        ruleId: m.rule.id,
        categoryId: m.rule.category.id,
        issueType: m.rule.issueType,
        message: m.message,
        replacements: m.replacements.slice(0, 3).map((r) => r.value),
      })),
    };
  }

  async status(): Promise<ComponentStatus> {
    try {
      const response = await fetch(`${this.options.url}/v2/languages`, { signal: AbortSignal.timeout(2000) });
      return response.ok ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
