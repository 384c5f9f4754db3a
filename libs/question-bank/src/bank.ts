import type { EmailPrompt, FillItem, JumbledItem, PassageItem, SentenceItem, TypingItem } from '@fluent/contracts';
import { TEST_FILES } from './data';
import { testFileSchema, type TestFile } from './schema';

/** The whole bank as docs/product.md#the-tests counts it: every kind of item in one list, in test order. */
export interface QuestionBank {
  typing: TypingItem[];
  sentences: SentenceItem[];
  fills: FillItem[];
  jumbled: JumbledItem[];
  passages: PassageItem[];
  emails: EmailPrompt[];
  /** The dashboard card's description of each test, in test order. */
  descriptions: string[];
}

export class InvalidBankError extends Error {}

/** Checks every file against the content rules and flattens them, in test order, into one bank. */
export function buildBank(files: readonly unknown[]): QuestionBank {
  const parsed: TestFile[] = files.map((data, i) => {
    const result = testFileSchema.safeParse(data);
    if (!result.success) {
      const first = result.error.issues[0];
      throw new InvalidBankError(`question bank file ${i + 1} breaks a content rule at ${first?.path.join('.')}: ${first?.message}`);
    }
    return result.data;
  });
  parsed.sort((a, b) => a.test - b.test);
  return {
    typing: parsed.map((f) => f.typing),
    sentences: parsed.flatMap((f) => f.sentences),
    fills: parsed.flatMap((f) => f.fills),
    jumbled: parsed.flatMap((f) => f.jumbled),
    passages: parsed.flatMap((f) => f.passages),
    emails: parsed.map((f) => f.email),
    descriptions: parsed.map((f) => f.description),
  };
}

let bank: QuestionBank | undefined;

/** The bundled bank, built once on first use. */
export function questionBank(): QuestionBank {
  bank ??= buildBank(TEST_FILES);
  return bank;
}
