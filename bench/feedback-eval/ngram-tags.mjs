// @ts-check
/**
 * Part-of-speech tags for the confusion sets: the library's tagTokens (compromise), which
 * feedback-service runs; kept under this name for the experiments' imports.
 */
export { tagTokens } from '@fluent/writing-feedback';
