// The practice feature's words live in @fluent/contracts (practice/text.ts), one module the web
// app can import too; they are re-exported here so the practice core's users find them beside it.
export { FIX_OUTCOME_MESSAGES, PRACTICE_CARD_KIND_TITLES, PracticeTexts } from '@fluent/contracts';
