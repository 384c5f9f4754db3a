import { isValidTestId, MAX_TEST_ID, MIN_TEST_ID, SECTION_SIZES, testLevel, type AssembledTest } from '@fluent/contracts';
import type { QuestionBank } from './bank';

export interface AssemblyLogger {
  warn(message: string): void;
  error(message: string): void;
}

/** Items [start, start + count) of a list, counted from test 1. */
const slice = <T>(items: T[], testId: number, count: number): T[] => items.slice(count * (testId - 1), count * testId);

/**
 * Test N exactly as docs/product.md#how-a-test-is-assembled assembles it: typing item N, sentence and fill items 10(N-1)
 * onward, jumbled items 15(N-1) onward, passages 3(N-1) onward and email prompt N (1-based):
 * 40 items. An id outside 1..20 or a bank that cannot fill every section gives no test.
 */
export function assembleTest(bank: QuestionBank, testId: unknown, logger: AssemblyLogger = console): AssembledTest | null {
  if (!isValidTestId(testId)) {
    logger.warn(`Invalid testId ${String(testId)}. Must be between ${MIN_TEST_ID} and ${MAX_TEST_ID}`);
    return null;
  }
  const typing = bank.typing[testId - 1];
  const email = bank.emails[testId - 1];
  const sentences = slice(bank.sentences, testId, SECTION_SIZES.sentences);
  const fills = slice(bank.fills, testId, SECTION_SIZES.fills);
  const jumbled = slice(bank.jumbled, testId, SECTION_SIZES.jumbled);
  const passages = slice(bank.passages, testId, SECTION_SIZES.passages);

  const missing = [
    !typing && 'typing paragraph',
    sentences.length < SECTION_SIZES.sentences && `sentence items (${sentences.length} of ${SECTION_SIZES.sentences})`,
    fills.length < SECTION_SIZES.fills && `fill items (${fills.length} of ${SECTION_SIZES.fills})`,
    jumbled.length < SECTION_SIZES.jumbled && `jumbled items (${jumbled.length} of ${SECTION_SIZES.jumbled})`,
    passages.length < SECTION_SIZES.passages && `passages (${passages.length} of ${SECTION_SIZES.passages})`,
    !email && 'email prompt',
  ].filter(Boolean);
  if (!typing || !email || missing.length > 0) {
    logger.error(`Incomplete test data for test ${testId}: missing ${missing.join(', ')}`);
    return null;
  }
  return { testId, level: testLevel(testId), typing, sentences, fills, jumbled, passages, email };
}
