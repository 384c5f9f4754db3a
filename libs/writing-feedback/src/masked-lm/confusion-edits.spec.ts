import { describe, expect, it } from 'vitest';
import { confusionEdits, CONFUSION_SETS, type ConfusionSet } from './confusion-edits';
import { wordsOf } from './masked-lm-check';
import { tagTokens } from './tags';

/** The edits of a sentence as "set: words → replacement" (tags from the real compromise). */
function editsOf(sentence: string, options?: { wide?: boolean }): string[] {
  const { words, spans } = wordsOf(sentence);
  return confusionEdits(words, tagTokens(sentence, spans), options).map((e) => `${e.set}: ${words.slice(e.start, e.end).join(' ') || `^${words[e.start]}`} → ${e.replacement.join(' ')}`);
}

// One sentence per set with the edit it must propose (the slip learners make), and an edit it must not.
const TABLE: [ConfusionSet, string, string, string | undefined][] = [
  ['article', 'She bought a umbrella yesterday.', 'article: a → the', undefined],
  ['unlikely article', 'We talked about the life.', 'unlikely article: the → ', undefined],
  ['missing article', 'He is teacher at my school.', 'missing article: ^teacher → a', 'missing article: ^school → the'],
  ['preposition', 'I am interested on science.', 'preposition: on → in', undefined],
  ['unlikely preposition', 'We discussed about the plan.', 'unlikely preposition: about → ', undefined],
  ['number', 'There are many book on the desk.', 'number: book → books', 'number: many → '],
  ['agreement', 'The children was happy.', 'agreement: was → were', undefined],
  ['auxiliary', 'They going home now.', 'auxiliary: ^going → are', undefined],
  ['verb form', 'She can swims very well.', 'verb form: swims → swim', undefined],
  ['determiner', 'I read this books every week.', 'determiner: this → these', undefined],
  ['homophone', 'Their is a park near the river.', 'homophone: their → there', undefined],
  ['opening comma', 'If it rains we stay in.', 'opening comma: ^we → ,', 'phrase comma: ^we → ,'],
  ['phrase comma', 'In a small town everyone knows you.', 'phrase comma: ^everyone → ,', 'opening comma: ^everyone → ,'],
  ['clause comma', 'It was late but we stayed.', 'clause comma: ^but → ,', undefined],
  ['unlikely comma', 'I believe, this number is rising.', 'unlikely comma: , → ', undefined],
];

describe('confusionEdits (the sets the masked language model scores)', () => {
  it('has a case for every set', () => {
    expect(new Set(TABLE.map(([set]) => set))).toEqual(new Set(CONFUSION_SETS));
  });

  it.each(TABLE)('%s: "%s" gets "%s"', (_set, sentence, wanted, unwanted) => {
    const edits = editsOf(sentence);
    expect(edits).toContain(wanted);
    if (unwanted) expect(edits).not.toContain(unwanted);
  });

  it('proposes no article before a noun that has a determiner, and none before a name', () => {
    const edits = editsOf('Yesterday I met my friend Anna.');
    expect(edits.filter((e) => /^missing article: \^(friend|anna) /.test(e))).toEqual([]);
    expect(editsOf('Yesterday I met friend.')).toContain('missing article: ^friend → a');
  });

  it('asks about a comma only inside an opening that starts with a linking word or a preposition, up to its first punctuation, never before "and", nor before the last word of a line without a full stop', () => {
    const commas = (sentence: string) => editsOf(sentence).filter((e) => / comma: \^/.test(e));
    expect(commas('If it rains we stay in.')).toEqual(['opening comma: ^it → ,', 'opening comma: ^rains → ,', 'opening comma: ^we → ,', 'opening comma: ^stay → ,', 'opening comma: ^in → ,']);
    expect(commas('However, we stay in.')).toEqual([]);
    expect(commas('In my view, the town is calm.')).toEqual([]);
    expect(commas('We stay in when it rains.')).toEqual([]);
    expect(commas('Because it is wet and cold we stay.')).not.toContain('opening comma: ^and → ,');
    // "Instead of" and "because of" open a phrase; a set linking phrase gets its comma right after it.
    expect(commas('Instead of hot tea we drank water.')).toContain('phrase comma: ^we → ,');
    expect(commas('Instead of hot tea we drank water.')).not.toContain('opening comma: ^we → ,');
    expect(commas('For example the town is calm.')).toEqual(['opening comma: ^the → ,']);
    // A phrase of time, an adverb's as much as a preposition's, is a phrase: "At first I burned", "Once a year I visit".
    expect(commas('At first I burned the toast.')).toEqual([]);
    expect(commas('Once a year I visit my aunt.')).toEqual([]);
    expect(commas('If it rains we stay in')).not.toContain('opening comma: ^in → ,');
    expect(commas('If it rains we stay in')).toContain('opening comma: ^stay → ,');
    // Linking words that go on as a phrase ("In addition to this …") get no comma right after them.
    expect(commas('In addition to this we cook.')).not.toContain('opening comma: ^to → ,');
    expect(commas('In addition to this we cook.')).toContain('phrase comma: ^we → ,');
    // An opening runs ten words at most; an opening phrase's gaps start after its fourth word.
    expect(commas('If a b c d e f g h i j k l m.')).toHaveLength(10);
    expect(commas('For a b c d e f g h i j k l m.')).toHaveLength(7);
  });

  it('asks about a comma in an opening phrase only after the sentence’s fourth word, never in a phrase of time, and leaves a linking word in a gap it skips to the clause comma', () => {
    const phrase = (sentence: string) => editsOf(sentence).filter((e) => e.startsWith('phrase comma'));
    // The gaps after its fourth word and on, within the opening's ten words.
    expect(phrase('In a market economy the price must fall.')).toEqual(['phrase comma: ^the → ,', 'phrase comma: ^price → ,', 'phrase comma: ^must → ,', 'phrase comma: ^fall → ,']);
    // Careful writers leave a short one without ("On her desk there is a lamp"): no gap before the fourth word is asked.
    expect(phrase('On her desk there is a lamp.')).toEqual(['phrase comma: ^is → ,', 'phrase comma: ^a → ,', 'phrase comma: ^lamp → ,']);
    // However long, a phrase of time: a time word, a year or a time adverb among the words before the gap.
    expect(phrase('By the afternoon the bicycle was fixed.')).toEqual([]);
    expect(phrase('For almost an hour he wandered across the hill.')).toEqual([]);
    expect(phrase('In the summer of that year we moved.')).toEqual([]);
    expect(phrase('In 1990 the old town was quiet.')).toEqual([]);
    // A word of sequence makes it one of time at the start ("Then …", "At first …"), not further in.
    expect(phrase('Then he walked along the wet road home.')).toEqual([]);
    expect(phrase('In the second part of the book the hero dies.')).toContain('phrase comma: ^the → ,');
    // A gap the phrase comma skips may still be the clause comma's: "In the past, however, people …".
    expect(editsOf('In the past however people lived well.')).toContain('clause comma: ^however → ,');
    expect(editsOf('In the past however people lived well.').filter((e) => e.startsWith('phrase comma'))).toEqual([]);
  });

  it('asks about a comma before a linking word only between two words, not where a comma already is or the opening already asks', () => {
    const clause = (sentence: string) => editsOf(sentence).filter((e) => e.startsWith('clause comma'));
    expect(clause('It was late, but we stayed.')).toEqual([]);
    expect(clause('We have a garden which is small.')).toEqual(['clause comma: ^which → ,']);
    expect(clause('Many sports are fun for example football.')).toEqual(['clause comma: ^for → ,']);
    expect(clause('We walk for an hour.')).toEqual([]);
    expect(clause('We left early but they stayed.')).toEqual(['clause comma: ^but → ,']);
    // "But" between two words that are not a clause ("small but bright", "but not here") is no clause's start.
    expect(clause('The room is small but bright.')).toEqual([]);
    expect(clause('It points north but not exactly.')).toEqual([]);
    // "So" before a degree word or "that" is no clause's link: "so many friends", "so that we could".
    expect(clause('We had so many friends there.')).toEqual([]);
    expect(clause('We left early so that we could rest.')).toEqual([]);
    expect(clause('We left early so we could rest.')).toEqual(['clause comma: ^so → ,']);
    expect(editsOf('If we left but they stayed it was fine.').filter((e) => e.startsWith('clause comma'))).toEqual([]);
  });

  it('asks whether a comma between two words belongs, but not one before a word that joins two clauses', () => {
    const removals = (sentence: string) => editsOf(sentence).filter((e) => e.startsWith('unlikely comma'));
    expect(removals('I believe, this number is rising.')).toEqual(['unlikely comma: , → ']);
    expect(removals('It has leaked since Monday, and water is collecting.')).toEqual([]);
    expect(removals('We could stay, or we could go.')).toEqual([]);
    expect(removals('It was late, but we stayed.')).toEqual([]);
    // "And" that joins no clause: the model is asked.
    expect(removals('We bought bread, and then went home.')).toEqual(['unlikely comma: , → ']);
  });

  it('does not ask about a comma that parts the items of a list: another comma or "and" or "or" within three words after it, or another comma within three words before it', () => {
    const removals = (sentence: string) => editsOf(sentence).filter((e) => e.startsWith('unlikely comma'));
    expect(removals('There are walking tours, beaches and parks.')).toEqual([]);
    expect(removals('Keep a, an or the in mind.')).toEqual([]);
    expect(removals('Note a change, a reason, a result.')).toEqual([]);
    expect(removals('Learn apply for, consist of, insist on.')).toEqual([]);
    // An item longer than three words, or a full stop first: the model is asked.
    expect(removals('I believe, this number is rising and falling.')).toEqual(['unlikely comma: , → ']);
    expect(removals('We saw tours, beaches. And parks.')).toEqual(['unlikely comma: , → ']);
  });

  it('keeps the bigram experiment’s narrower sets without `wide`: no homophones, determiners or verb forms, and agreement only after a subject', () => {
    const narrow = editsOf('Their sister are at home and this dog can swims.', { wide: false });
    expect(narrow.filter((e) => /^(homophone|determiner|verb form|unlikely|missing)|comma/.test(e))).toEqual([]);
    expect(narrow).toContain('agreement: are → is');
    expect(editsOf('Their sister are at home and this dog can swims.')).toEqual(expect.arrayContaining(['homophone: their → there', 'determiner: this → these', 'verb form: swims → swim']));
    expect(editsOf('The children who came was happy.', { wide: false })).not.toContain('agreement: was → were');
    expect(editsOf('The children who came was happy.')).toContain('agreement: was → were');
  });
});
