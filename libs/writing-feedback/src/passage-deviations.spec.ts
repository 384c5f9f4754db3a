import { describe, expect, it } from 'vitest';
import { passageDeviations } from './passage-deviations';
import { OFF_TOPIC, ORIGINAL, PARAPHRASE } from './testing/fixtures';

/** Each mark as [the learner's words it covers, its kind, its message]. */
const marks = (original: string, text: string) => passageDeviations(original, text).map((d) => [text.slice(d.offset, d.offset + d.length), d.kind, d.message]);

/** ORIGINAL with one phrase changed (the phrase must be there). */
function planted(from: string, to: string, original = ORIGINAL): string {
  if (!original.includes(from)) throw new Error(`"${from}" is not in the original`);
  return original.replace(from, to);
}

const CHILDREN = 'The children were playing in the park when it started to rain. My neighbours have a small garden behind their house. She waited for an hour at the station.';

describe('passage deviations: planted slips, each marked once where the learner wrote it', () => {
  it('marks the issue’s example: "workers is painting" where the passage says "workers are painting"', () => {
    const text = planted('workers are painting', 'workers is painting');
    const [deviation, ...rest] = passageDeviations(ORIGINAL, text);
    expect(rest).toEqual([]);
    expect(deviation).toMatchObject({ offset: text.indexOf(' is painting') + 1, length: 2, kind: 'verb-form', expected: 'are', message: 'The passage says *are*.' });
    expect(deviation!.explanation).toMatch(/agrees with its subject/);
  });

  it.each([
    ['agreement, was/were', CHILDREN, 'children were playing', 'children was playing', ['was', 'verb-form', 'The passage says *were*.']],
    ['agreement, has/have', CHILDREN, 'neighbours have a small', 'neighbours has a small', ['has', 'verb-form', 'The passage says *have*.']],
    ['a modal with a past form', ORIGINAL, 'can return books', 'can returned books', ['returned', 'verb-form', 'The passage says *return*.']],
    ['a modal with an -s form', ORIGINAL, 'can return books', 'can returns books', ['returns', 'verb-form', 'The passage says *return*.']],
    ['a tense of the same verb', ORIGINAL, 'workers are painting the walls', 'workers painted the walls', ['painted', 'verb-form', 'The passage says *are painting*.']],
    ['a dropped auxiliary', ORIGINAL, 'will be closed next', 'will closed next', ['closed', 'verb-form', 'The passage says *be closed*.']],
    ['a dropped article', ORIGINAL, 'painting the walls', 'painting walls', ['walls', 'article', 'The passage says *the walls*.']],
    ['a dropped article inside a phrase', ORIGINAL, 'next to the main office', 'next to main office', ['main', 'article', 'The passage says *the main*.']],
    ['a/an', CHILDREN, 'for an hour', 'for a hour', ['a', 'article', 'The passage says *an*.']],
    ['a changed preposition, on/in', ORIGINAL, 'again on Wednesday', 'again in Wednesday', ['in', 'preposition', 'The passage says *on*.']],
    ['a changed preposition, at/on', ORIGINAL, 'Wednesday at eight', 'Wednesday on eight', ['on', 'preposition', 'The passage says *at*.']],
    ['a changed preposition, in/at', CHILDREN, 'playing in the park', 'playing at the park', ['at', 'preposition', 'The passage says *in*.']],
    ['a wrong form of a word the passage has', CHILDREN, 'The children were', 'The childs were', ['childs', 'word-form', 'The passage says *children*.']],
  ])('%s', (_, original, from, to, expected) => {
    expect(marks(original, planted(from, to, original))).toEqual([expected]);
  });

  it('marks several slips in one reconstruction, each once, in text order', () => {
    const text = 'The school library will be closed next Monday and Tuesday because workers is painting the walls. Students can returned books to box next to the main office.';
    expect(marks(ORIGINAL, text)).toEqual([
      ['is', 'verb-form', 'The passage says *are*.'],
      ['returned', 'verb-form', 'The passage says *return*.'],
      ['box', 'article', 'The passage says *the box*.'],
    ]);
  });

  it('finds the slip inside a reconstruction that joins two sentences of the original', () => {
    const text = 'The library will open again in Wednesday at eight in the morning, and new books will be ready to borrow from that day.';
    expect(marks(ORIGINAL, text)).toEqual([['in', 'preposition', 'The passage says *on*.']]);
  });
});

describe('passage deviations: faithful paraphrases and other wording get no mark', () => {
  it.each([
    ['the passage itself', ORIGINAL],
    ['the passage in capitals', ORIGINAL.toUpperCase()],
    ['a paraphrase of the whole passage', PARAPHRASE],
    ['a synonym', planted('workers are painting', 'builders are painting')],
    ['reordered clauses', 'Because workers are painting the walls, the school library will be closed next Monday and Tuesday.'],
    ['a dropped adverb', planted('will open again on', 'will open on')],
    ['an added adverb', planted('Students can return', 'Students can easily return')],
    ['another modal', planted('Students can return', 'Students may return')],
    ['another modal of the same lemma', planted('Students can return', 'Students could return')],
    ['a contraction', planted('Thank you for your patience.', 'It is kind of you to be patient.').replace('It is kind', 'It’s kind')],
    ['its own article before another noun', planted('to the box next', 'to a container next')],
    ['an added article', planted('Students can return', 'The students can return')],
    ['a noun in the other number', planted('painting the walls', 'painting the wall')],
    ['another preposition that is wording, not a slip', planted('from that day', 'after that day')],
    ['a preposition phrase for a preposition', planted('next to the main office', 'beside the main office')],
    ['a pronoun for the subject', planted('The library will open again', 'It will open again')],
    ['a possessive', planted('The school library', 'The school’s library')],
    ['a figure for a number word', planted('at eight in', 'at 8 in')],
    ['a passive for an active', planted('because workers are painting the walls', 'because the walls are being painted')],
    ['the other variety’s spelling', 'The school library will be closed next Monday and Tuesday because workers are painting the walls. Thank you for your patience, and please use the box next to the main office. We apologize.'],
  ])('%s', (_, text) => {
    expect(marks(ORIGINAL, text)).toEqual([]);
  });

  it('marks nothing in a sentence that does not retell one of the original’s, however alike a phrase is', () => {
    // "are painting walls" for the passage's "are painting the walls", in a sentence about something else.
    expect(marks(ORIGINAL, 'My cousins are painting walls.')).toEqual([]);
    expect(marks(ORIGINAL, OFF_TOPIC)).toEqual([]);
    expect(marks(ORIGINAL, '')).toEqual([]);
  });

  it('leaves a verb’s number alone where the learner changed its subject, near it or further back', () => {
    const original = 'All the students are ready for the long trip. The boxes in the hall are full of old books.';
    expect(marks(original, 'Each of the students is ready for the long trip. The box in the hall is full of old books.')).toEqual([]);
    // The same verbs with the passage's subjects kept are slips.
    expect(marks(original, 'All the students is ready for the long trip. The boxes in the hall is full of old books.')).toEqual([
      ['is', 'verb-form', 'The passage says *are*.'],
      ['is', 'verb-form', 'The passage says *are*.'],
    ]);
  });
});
