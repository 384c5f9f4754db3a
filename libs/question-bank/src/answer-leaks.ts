import { STOP_WORDS } from '@fluent/scoring';
import type { TestFile } from './schema';
import { BLANK, comparable } from './text';

/**
 * An answer shown elsewhere in the same test gives the item away: a learner who has just typed
 * "a substantial share" knows which word "a ___ increase" wants. So each answer is looked for,
 * normalised and as whole words, in the prompts of the test's other items (typing paragraph,
 * sentence and fill questions, jumbled words, passages, email prompt):
 * - a jumbled item's answer and every alternative, as the whole sentence;
 * - a sentence or fill item's answer as it stands in its blank, with the word before or the word
 *   after it ("a substantial", "substantial increase"). The bare word alone would flag every
 *   "since" or "told" in the bank; and answers made only of function words ("to", "of the") are
 *   skipped, since they recur in every text by design.
 */
export function answerLeaks(file: TestFile): string[] {
  const shown: Array<[where: string, text: string]> = [
    ['typing', file.typing.paragraph],
    ...file.sentences.map((s): [string, string] => [`sentence ${s.id}`, s.question]),
    ...file.fills.map((s): [string, string] => [`fill ${s.id}`, s.question]),
    ...file.jumbled.map((s): [string, string] => [`jumbled ${s.id}`, s.jumbled.replaceAll('/', ' ')]),
    ...file.passages.map((s): [string, string] => [`passage ${s.id}`, s.sentences]),
    ['email', file.email.prompt],
  ];
  const prompts = shown.map(([where, text]): [string, string] => [where, ` ${comparable(text.replaceAll(BLANK, ' '))} `]);

  const needles: Array<[owner: string, answer: string, needle: string]> = [
    ...file.sentences.flatMap((s) => s.acceptableAnswers.flatMap((a) => inBlank(`sentence ${s.id}`, s.question, a))),
    ...file.fills.flatMap((s) => inBlank(`fill ${s.id}`, s.question, s.answer)),
    ...file.jumbled.flatMap((s) =>
      [s.answer, ...(s.alternatives ?? [])].map((a): [string, string, string] => [`jumbled ${s.id}`, a, comparable(a)]),
    ),
  ];

  // One line per answer and prompt, naming the first of its needles found there.
  const leaks = new Map<string, string>();
  for (const [owner, answer, needle] of needles) {
    for (const [where, text] of prompts) {
      const key = `${owner}|${answer}|${where}`;
      if (where !== owner && !leaks.has(key) && text.includes(` ${needle} `)) {
        leaks.set(key, `test ${file.test}: the answer of ${owner} ("${answer}") appears in ${where} ("${needle}")`);
      }
    }
  }
  return [...leaks.values()];
}

/** The answer with its neighbour on each side of the blank that has one; none for function words. */
function inBlank(owner: string, question: string, answer: string): Array<[string, string, string]> {
  const said = comparable(answer);
  if (said.split(' ').every((w) => STOP_WORDS.has(w))) return [];
  const [before = '', after = ''] = question.split(BLANK);
  const left = comparable(before).split(' ').filter(Boolean).at(-1);
  const right = comparable(after).split(' ').filter(Boolean)[0];
  return [left && `${left} ${said}`, right && `${said} ${right}`]
    .filter((needle): needle is string => Boolean(needle))
    .map((needle) => [owner, answer, needle]);
}
