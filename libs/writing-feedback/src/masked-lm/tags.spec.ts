import { describe, expect, it } from 'vitest';
import { confusionEdits, worthScoring, type ConfusionEdit, type ConfusionSet } from './confusion-edits';
import { wordsOf } from './masked-lm-check';
import { tagTokens } from './tags';

/** Each word the tagger judges against its subject, as "word: agrees|disagrees" (the real compromise). */
function agreementOf(sentence: string): string[] {
  const { words, spans } = wordsOf(sentence);
  const tags = tagTokens(sentence, spans);
  return words.flatMap((w, i) => (tags[i]?.subjectAgreement ? [`${w}: ${tags[i]?.subjectAgreement}`] : []));
}

describe('tagTokens: a verb against its subject', () => {
  it.each([
    ['Because workers is painting the walls, the hall is closed.', ['is: disagrees', 'is: agrees']],
    ['He go to school every day.', ['go: disagrees']],
    ['I has went to the shop.', ['has: disagrees']],
    ['The children plays outside.', ['plays: disagrees']],
    ['They was late.', ['was: disagrees']],
    ['The list of items are long.', ['are: disagrees']],
    ['One of my friends live in Leeds.', ['live: disagrees']],
    // A verb joined to the one before it by "or" takes that one's subject.
    ['The pilots checks the air or opens a small vent.', ['checks: disagrees', 'opens: disagrees']],
    // The tagger's subject is a preposition's object: the head is the noun before it.
    ['People in my city is friendly.', ['is: disagrees']],
    ['The colour of the walls in the rooms are pale.', ['are: disagrees']],
    // A gerund that opens a clause is its verb's subject, and singular.
    ['Moving on early keep you calm.', ['keep: disagrees', 'calm: agrees']],
  ])('marks a form that disagrees with its subject: "%s"', (sentence, judged) => {
    expect(agreementOf(sentence)).toEqual(judged);
  });

  it.each([
    ['The museum will stay shut until the glasshouse reopens in May.', ['stay: not finite', 'reopens: agrees']],
    ['The sun sets early in winter.', ['sets: agrees']],
    ['My brother and my sister live in London.', ['live: agrees']],
    ['I was tired, so I have a rest now.', ['was: agrees', 'have: agrees']],
    ["He doesn't like it.", ['does: agrees']],
    // An adverb before the verb; a verb joined to the one before it takes that one's subject.
    ['When the ice eventually retreats, it leaves rocks behind.', ['retreats: agrees', 'leaves: agrees']],
    ['The pilot checks the air or opens a small vent.', ['checks: agrees', 'opens: agrees']],
    ['One of our guests is vegetarian.', ['is: agrees']],
    ['The boxes in the hall are heavy.', ['are: agrees']],
    ['A lot of people are here.', ['are: agrees']],
    ['It is hard, but moving on early keeps your focus high and stops second-guessing.', ['is: agrees', 'keeps: agrees', 'stops: agrees']],
    // A collective noun takes either form.
    ['When the crew want to dive, valves are opened.', ['want: agrees', 'dive: not finite', 'are: agrees']],
  ])('marks a form that agrees, the subject read at its head, "and" making it plural, past an adverb or a joined verb: "%s"', (sentence, judged) => {
    expect(agreementOf(sentence)).toEqual(judged);
  });

  it('takes "were" after "if" or "wish" as a subjunctive, judges no number where it is another word\'s, and calls a verb after "to", a modal or "not", or an imperative, not finite, whichever apostrophe', () => {
    expect(agreementOf('If I were you, I would go.')).toEqual(['were: agrees', 'go: not finite']);
    expect(agreementOf('If she were here, we could start.')).toEqual(['were: agrees', 'start: not finite']);
    expect(agreementOf('The rest of the cakes are in the kitchen.')).toEqual([]);
    // An imperative opens its clause with no subject; after "and" a verb still takes the subject before.
    expect(agreementOf('Many people use one, which is fine, but be consistent.')).toContain('be: not finite');
    expect(agreementOf('For this test, prioritise: linking words.')).toEqual(['prioritise: not finite']);
    expect(agreementOf('He wakes up and go to school.')).toEqual(['wakes: agrees', 'go: disagrees']);
    expect(agreementOf('She will stay at home.')).toEqual(['stay: not finite']);
    expect(agreementOf("He don't know it.")).toEqual(['do: disagrees', 'know: not finite']);
    expect(agreementOf('He don’t know it.')).toEqual(['do: disagrees', 'know: not finite']);
  });

  it('judges no verb whose subject the tagger finds in another clause or behind a phrase that is not a noun\'s', () => {
    // The tagger gives "she" for "was", "our lives" for "tell", "the lecture" for "challenges".
    expect(agreementOf('She said that the students was late.')).toEqual([]);
    expect(agreementOf('Cars will stay in our lives, but history tell us that progress never stops.')).toEqual(['stay: not finite']);
    expect(agreementOf('The points made in the lecture surely challenges the reading.')).toEqual([]);
    // A subject set off by commas is not an imperative's absence: the model decides.
    expect(agreementOf('My brother, who lives in London, work in a bank.')).toEqual([]);
  });
});

describe('worthScoring', () => {
  /** The edits of some sets a sentence sends to the model, each as `show` words it. */
  const scored = (sentence: string, sets: readonly ConfusionSet[], show: (e: ConfusionEdit, words: readonly string[]) => string) => {
    const { words, spans } = wordsOf(sentence);
    const tags = tagTokens(sentence, spans);
    return confusionEdits(words, tags)
      .filter((e) => sets.includes(e.set) && worthScoring(e, words, tags))
      .map((e) => show(e, words));
  };
  const scoredAgreement = (sentence: string) => scored(sentence, ['agreement'], (e, words) => `${words[e.token]} → ${e.replacement.join(' ')}`);

  it('sends a verb’s agreement to the model unless the form agrees with its subject; the sets other than agreement and an article put in or taken out, always', () => {
    expect(scoredAgreement('The glasshouse reopens in May.')).toEqual([]);
    expect(scoredAgreement('The children plays outside.')).toEqual(['plays → play']);
    // No subject the tagger can judge: the model decides; a verb after "to" agrees with nothing.
    expect(scoredAgreement('The rest of the cakes are in the kitchen.')).toEqual(['are → is']);
    expect(scoredAgreement('The crew want to finish early.')).toEqual([]);
    const { words, spans } = wordsOf('The glasshouse reopens in May.');
    const tags = tagTokens('The glasshouse reopens in May.', spans);
    expect(confusionEdits(words, tags).filter((e) => e.set !== 'agreement' && e.set !== 'missing article' && e.set !== 'unlikely article').every((e) => worthScoring(e, words, tags))).toBe(true);
  });

  /** The articles a sentence sends the model to put in, as "a/the before word". */
  const scoredInsertions = (sentence: string) => [...new Set(scored(sentence, ['missing article'], (e, words) => `before ${words[e.token]}`))];

  it('sends an article to put in only before a singular count noun, an adjective counting as the noun it comes before', () => {
    expect(scoredInsertions('He is teacher at my school.')).toEqual(['before teacher']);
    expect(scoredInsertions('She bought new car yesterday.')).toEqual(['before new']);
    // A mass noun, a time word, a plural after an adjective: none.
    expect(scoredInsertions('They gave me useful advice.')).toEqual([]);
    expect(scoredInsertions('We will visit them next year.')).toEqual([]);
    expect(scoredInsertions('She grows magnetic crystals.')).toEqual([]);
  });

  it('sends none before a lone word that ends a clause after "be" or "become", where an adjective may be read as a noun', () => {
    expect(scoredInsertions('One of our guests is vegetarian.')).toEqual([]);
    expect(scoredInsertions('Later she became vegetarian, and so did I.')).toEqual([]);
    // With words after it, or an adjective before its noun, or after another verb: sent.
    expect(scoredInsertions('He is teacher at my school.')).toEqual(['before teacher']);
    expect(scoredInsertions('He is good teacher.')).toEqual(['before good']);
    expect(scoredInsertions('We met vegetarian.')).toEqual(['before vegetarian']);
  });

  it('sends "a" or "an" to take out only where no singular count noun follows it past its adjectives; "the", always', () => {
    const scoredRemovals = (sentence: string) => scored(sentence, ['unlikely article'], (e, words) => `${words[e.token]} ${words[e.token + 1]}`);
    // Before a mass noun, a plural, or an adjective with no noun after it: the model is asked.
    expect(scoredRemovals('They gave me a useful advice.')).toEqual(['a useful']);
    expect(scoredRemovals('She has a red shoes.')).toEqual(['a red']);
    expect(scoredRemovals('She is a very kind.')).toEqual(['a very']);
    // Before a singular count noun, however many adjectives come first: never.
    expect(scoredRemovals('On her first day at a new school, Mei felt nervous.')).toEqual([]);
    expect(scoredRemovals('A girl sat next to an old man.')).toEqual([]);
    // "The" goes before any noun; whether it belongs is the model's to judge.
    expect(scoredRemovals('We talked about the life of the new school.')).toEqual(['the life', 'the new']);
  });

  it('sends none where a preposition takes the noun bare: "at night", "in winter", "by car"', () => {
    expect(scoredInsertions('The owls hunt at night and sleep in winter.')).toEqual([]);
    expect(scoredInsertions('We travelled by car.')).toEqual([]);
    // The same noun after another preposition is a slip.
    expect(scoredInsertions('We sat in car.')).toEqual(['before car']);
  });

  it('sends no preposition where British and American English differ: "at the weekend", "on the weekend", "open weekends"', () => {
    const scoredPrepositions = (sentence: string) =>
      scored(sentence, ['preposition', 'unlikely preposition'], (e, words) => `${words[e.token]} → ${e.replacement.join(' ') || '(removed)'}`);
    const atWeekends = scoredPrepositions('The pool is closed at weekends.');
    expect(atWeekends).not.toContain('at → on');
    expect(atWeekends).not.toContain('at → (removed)');
    // Any other preposition there is no variety's: the model is asked.
    expect(atWeekends).toContain('at → in');
    const onTheWeekend = scoredPrepositions('We met on the weekend.');
    expect(onTheWeekend).not.toContain('on → at');
    expect(onTheWeekend).not.toContain('on → (removed)');
    expect(scoredPrepositions('We met in the weekend.')).toEqual(expect.arrayContaining(['in → on', 'in → at']));
    expect(scoredPrepositions('We met on Monday.')).toEqual(expect.arrayContaining(['on → at', 'on → (removed)']));
    // Past another determiner; a preposition dropped is a variety only before "weekend".
    expect(scoredPrepositions('She plays on my team.')).not.toContain('on → in');
    expect(scoredPrepositions('She plays on my team.')).toContain('on → (removed)');
  });
});

