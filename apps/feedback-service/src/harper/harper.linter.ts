import type { HarperLint } from '@fluent/writing-feedback';

/**
 * What TextChecker needs of Harper: the lints of one text. The service lints in a worker thread
 * (HarperThread); the bench and the own-text test lint in their own process (HarperChecker).
 */
export abstract class HarperLinter {
  abstract lints(text: string): Promise<HarperLint[]>;
}
