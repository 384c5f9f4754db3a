import type { IssueCategory } from '@fluent/contracts';

/**
 * Short, learner-friendly explanations of what LanguageTool finds, by rule id for the rules that
 * learners of English meet most (checked against LanguageTool 6.6 with typical slips), then by
 * category. LanguageTool's own message about the place is shown beside it.
 */
const BY_RULE: Record<string, string> = {
  BASE_FORM: 'The verb does not match its subject or the verb before it: check its form.',
  HE_VERB_AGR: 'The verb does not agree with its subject: he/she/it goes, I/you/we/they go.',
  PERS_PRONOUN_AGREEMENT: 'The verb does not agree with its subject: we were, he was.',
  PLURAL_VERB_AFTER_THIS: '“This” and “that” take a singular verb: this is, these are.',
  THIS_NNS: '“This” goes with singular words, “these” with plural ones.',
  SUBJECT_VERB_AGREEMENT: 'The verb does not agree with its subject: one thing is, two things are.',
  HAVE_PART_AGREEMENT: 'After have/has/had, use the past participle: has gone, have seen.',
  PRP_HAVE_VB: 'After have/has/had, use the past participle: has gone, have seen.',
  AUXILIARY_DO_WITH_INCORRECT_VERB_FORM: 'After do/does/did, use the base form of the verb: didn’t go.',
  MD_BASEFORM: 'After can, will, must, should …, use the base form of the verb: can swim.',
  TO_NON_BASE: 'After “to”, use the base form of the verb: want to go.',
  I_AM_VB: 'Do not put “am” before a verb in its base form: I agree, not I am agree.',
  ADMIT_ENJOY_VB: 'Some phrases take the -ing form: look forward to hearing, enjoy reading.',
  EN_A_VS_AN: 'Use “an” before a vowel sound and “a” before a consonant sound: an hour, a user.',
  MOST_COMPARATIVE: 'Use either “more” or -er, not both: taller, more careful.',
  PERFECT_TENSE_SINCE: 'With “since”, use the present perfect: I have lived here since 2010.',
  SINCE_FOR: '“For” goes with a period of time (for three days), “since” with a point in time (since Monday).',
  CONDITIONAL_CLAUSE: 'After “if”, use the present tense for the future: if I see him, I will tell him.',
  SAY_TELL: '“Tell” takes a person (tell me that …); “say” does not (say that …).',
  MENTION_ABOUT: 'Some verbs take no “about”: discuss the problem, mention the date.',
  ENGLISH_WORD_REPEAT_RULE: 'The same word twice in a row.',
  COMMA_PARENTHESIS_WHITESPACE: 'Spaces and punctuation: a space after a comma or full stop, none before it.',
  WHITESPACE_RULE: 'More than one space between words.',
  UPPERCASE_SENTENCE_START: 'Start every sentence with a capital letter.',
  I_LOWERCASE: 'Always write “I” as a capital letter.',
  EN_CONTRACTION_SPELLING: 'A short form needs its apostrophe: don’t, it’s, I’m.',
  IT_IS: '“It’s” means “it is”; “its” means “belonging to it”.',
  ITS_TO_IT_S: '“It’s” means “it is”; “its” means “belonging to it”.',
  YOUR_YOU: 'Check the word: “your” (belonging to you) or “you”.',
  THERE_THEIR: '“Their” means “belonging to them”; “there” is a place or starts “there is”.',
  CONFUSION_OF_ME_I: 'Use “I” as the subject (my friend and I went); put yourself last.',
  INFORMATIONS: '“Information” has no plural: some information, a piece of information.',
  EVERY_BODY: 'Write it as one word: everybody, everyone.',
  RB_RB_COMMA: 'Put a comma between two repeated intensifiers: very, very.',
  COMMA_COMPOUND_SENTENCE: 'A comma usually goes before “and”/“but” that join two full sentences.',
  MISSING_COMMA_AFTER_INTRODUCTORY_PHRASE: 'A comma usually follows an opening linking phrase: In my opinion, …',
  DOUBLE_PUNCTUATION: 'Two punctuation marks where one is needed.',
  EN_UNPAIRED_BRACKETS: 'A bracket or quotation mark is opened but not closed (or the other way round).',
  WANNA: '“Wanna” is informal: write “want to”.',
  GONNA: '“Gonna” is informal: write “going to”.',
  // Harper's rules (libs/writing-feedback/src/harper.ts), in the same voice.
  HARPER_DiscourseMarkers: 'A comma follows a linking phrase at the start of a sentence: However, … For example, …',
  HARPER_MassNouns: 'Some nouns have no plural and take no “a”: some advice, a piece of information.',
  HARPER_ModalBeAdjective: 'After can, could, may, will …, an adjective needs “be”: it could be useful.',
  HARPER_TheyToThem: 'After a verb or a preposition, use “them”, not “they”: I saw them, with them.',
  HARPER_ThereToTheir: '“Their” means “belonging to them”; “there” is a place or starts “there is”.',
  HARPER_AvoidAndAlso: '“And also” says the same thing twice: “and” is enough.',
  // The masked language model's sets (libs/writing-feedback/src/masked-lm): its marks are likely readings, not rules, so they advise.
  MLM_ARTICLE: 'Articles: “a/an” introduces something new, “the” something already known or the only one.',
  MLM_MISSING_ARTICLE: 'Articles: one thing you can count usually needs “a/an” or “the” before it, or “my”, “this” … (She bought a new car. We sat in the car.).',
  MLM_UNLIKELY_ARTICLE: 'Articles: some nouns need none here (general ideas, most names, meals, “at home”).',
  MLM_PREPOSITION: 'Prepositions: many verbs, nouns and adjectives go with one preposition (interested in, depend on, arrive at).',
  MLM_UNLIKELY_PREPOSITION: 'Prepositions: some verbs take their object directly (discuss the plan, enter the room, call me).',
  MLM_NUMBER: 'Singular or plural: check whether this noun means one thing or several here.',
  MLM_AGREEMENT: 'The verb may not agree with its subject: one thing is, two things are; he goes, they go.',
  MLM_DETERMINER: '“This/that” go with one thing, “these/those” with several; “much/little” with what you cannot count, “many/few” with what you can.',
  MLM_HOMOPHONE: 'These words sound or look alike: check which one you mean (their/there, then/than, lose/loose).',
  MLM_OPENING_COMMA: 'Commas: an opening clause or linking word usually ends with a comma (If it rains, we stay in. However, …).',
  MLM_PHRASE_COMMA: 'Commas: a long opening usually ends with a comma (In a market economy like ours, prices change quickly.); a short one often has none (On her desk there is a lamp.).',
  MLM_UNLIKELY_COMMA: 'Commas: no comma goes between a subject and its verb, or after “think”, “believe” or “said” (I believe this is true.); where two sentences meet, use a full stop or a linking word.',
  MLM_CLAUSE_COMMA: 'Commas: a comma usually comes before “but” or “so” that start a new clause, and before “which” that adds a comment (It was late, but we stayed. We took the bus, which was slow.).',
};

const BY_CATEGORY: Record<string, string> = {
  GRAMMAR: 'Grammar: check the form of this word or the words around it.',
  TYPOS: 'Check this word: a spelling slip or a word easily confused with another.',
  CONFUSED_WORDS: 'These words are easily confused: check which one you mean.',
  COLLOCATIONS: 'These words do not usually go together this way.',
  NONSTANDARD_PHRASES: 'This phrase is not standard English.',
  PUNCTUATION: 'Punctuation: check the commas and full stops here.',
  TYPOGRAPHY: 'Spacing or punctuation marks: check this place.',
  CASING: 'Capital letters: check this word.',
  COMPOUNDING: 'Check whether this is one word, two words or joined with a hyphen.',
  REDUNDANCY: 'This says the same thing twice: it can be shorter.',
  STYLE: 'Style: correct, but it could be clearer or more formal.',
  PLAIN_ENGLISH: 'Style: a simpler word would be clearer.',
  REPETITIONS_STYLE: 'Style: the same word is used again close by.',
  SEMANTICS: 'This may not say what you mean: check the facts or the logic.',
  MISC: 'Check this word or phrase.',
};

const BY_ISSUE_CATEGORY: Record<IssueCategory | 'variant', string> = {
  grammar: 'Grammar: check the form of this word or the words around it.',
  spelling: 'Spelling: this word is not in the dictionary.',
  punctuation: 'Punctuation: check the commas, full stops and capital letters here.',
  style: 'Style: correct, but it could be clearer or more formal.',
  variant: 'American spelling: fine, but this test is written in British English (colour, centre).',
};

/** A word or usage of American English (mom, vacation, gotten), not a spelling. */
const AMERICAN_WORD = 'American English: fine, but this test is written in British English (mum, holiday, got).';

/** The explanation a learner sees for an issue. */
export function explanationFor(ruleId: string, categoryId: string, category: IssueCategory | 'variant'): string {
  if (category === 'variant') return ruleId.startsWith('MORFOLOGIK_RULE') ? BY_ISSUE_CATEGORY.variant : AMERICAN_WORD;
  if (ruleId.startsWith('MORFOLOGIK_RULE')) return BY_ISSUE_CATEGORY.spelling;
  return BY_RULE[ruleId] ?? BY_CATEGORY[categoryId] ?? BY_ISSUE_CATEGORY[category];
}
