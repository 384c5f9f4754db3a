import { SECTION_SIZES, SECTION_TIMINGS_MS, type SectionKey } from '@fluent/contracts';

const seconds = (ms: number) => ms / 1000;
const minutes = (ms: number) => ms / 60_000;
const { typing, question, passageRead, passageWrite, email } = SECTION_TIMINGS_MS;

/**
 * What each section's intro card says, and what is read aloud; its numbers are the sections'
 * own (libs/contracts sections.ts). The email's describes a formal email written within 5
 * minutes (docs/product.md#the-test-screen).
 */
export const SECTION_INTROS: Record<SectionKey, string> = {
  typing: `A paragraph will appear on the screen. Type it exactly as it is shown, as quickly and as accurately as you can. You have ${seconds(typing)} seconds.`,
  sentence: `You will see ${SECTION_SIZES.sentences} sentences, each with a missing word or phrase. Type what completes each sentence. You have ${seconds(question)} seconds for each question.`,
  fill: `You will see ${SECTION_SIZES.fills} sentences, each with a blank. Choose the option that completes each sentence best. You have ${seconds(question)} seconds for each question.`,
  jumbled: `You will see ${SECTION_SIZES.jumbled} groups of jumbled words. Put the words in the right order to make a correct sentence, and type that sentence. You have ${seconds(question)} seconds for each question.`,
  passage: `You will read ${SECTION_SIZES.passages} short passages. Each passage is shown for ${seconds(passageRead)} seconds and then disappears. You then have ${seconds(passageWrite)} seconds to write it again in your own words.`,
  email: `Write a formal email in reply to the prompt. You have ${minutes(email)} minutes to write it.`,
};
