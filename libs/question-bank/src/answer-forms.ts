/**
 * The parts of CONTENT-GUIDE.md's contraction and informal-forms policy that a machine can check
 * on a sentence item's accepted answers: a negative is listed both in full and as "n't", and the
 * "get" passive is never a key.
 */
const NEGATIVES: Record<string, string> = {
  'is not': "isn't",
  'are not': "aren't",
  'was not': "wasn't",
  'were not': "weren't",
  'has not': "hasn't",
  'have not': "haven't",
  'had not': "hadn't",
  'do not': "don't",
  'does not': "doesn't",
  'did not': "didn't",
  'will not': "won't",
  'would not': "wouldn't",
  'should not': "shouldn't",
  'could not': "couldn't",
  'must not': "mustn't",
  cannot: "can't",
};

const GET_PASSIVE = /^(get|gets|got|gotten|getting) \w+(ed|en|t)$/;

export function answerFormProblems(acceptableAnswers: readonly string[]): string[] {
  const listed = new Set(acceptableAnswers.map((a) => a.toLowerCase()));
  const problems: string[] = [];
  for (const answer of listed) {
    for (const [full, short] of Object.entries(NEGATIVES)) {
      if (answer.startsWith(`${full} `) && !listed.has(answer.replace(full, short))) {
        problems.push(`"${answer}" is listed without "${answer.replace(full, short)}"`);
      }
      if (answer.startsWith(`${short} `) && !listed.has(answer.replace(short, full))) {
        problems.push(`"${answer}" is listed without "${answer.replace(short, full)}"`);
      }
    }
    if (GET_PASSIVE.test(answer)) problems.push(`"${answer}" is a "get" passive, which is not a key`);
  }
  return problems;
}
