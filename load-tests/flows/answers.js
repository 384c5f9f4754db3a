// A full, realistic answer set for a test as GET /api/tests/:id returns it: what a learner of
// middling skill sends from the runner (apps/web/src/features/runner), every section answered,
// within the server's caps (ANSWER_LIMITS in libs/contracts; load-tests/flows/answers.spec.ts
// checks the result against the contract's schema). Sizes matter here, not scores.

/** About 38 words a minute for the 60 s typing section: ~190 characters. */
const TYPED_CHARACTERS = 190;
const TYPING_MS = 60000;

const EMAIL = [
  'Dear Sir or Madam,',
  '',
  'I am writing about the matter described in your message. I would like to explain what happened and ask for your help.',
  'The problem started at the beginning of last week, and it has become worse every day since then. I have tried to solve it myself, but I have not been able to.',
  'Could you please tell me when someone can come to look at it? I am at home most mornings, and I can also arrange a time in the afternoon if that is easier for you.',
  'Thank you in advance for your time. I look forward to hearing from you soon.',
  '',
  'Yours faithfully,',
  'Sam Taylor',
].join('\n');

/** The first `count` characters of the paragraph with one slip, and a keystroke timeline with one correction. */
function typing(paragraph) {
  const target = paragraph.slice(0, TYPED_CHARACTERS);
  const slip = Math.floor(target.length / 2);
  const text = `${target.slice(0, slip)}${target[slip] === 'e' ? 'a' : 'e'}${target.slice(slip + 1)}`;
  const timeline = [];
  const step = Math.floor((TYPING_MS - 2000) / (target.length + 2));
  let ms = 0;
  for (let length = 1; length <= target.length; length++) {
    ms += step;
    timeline.push([ms, length]);
    // A wrong letter typed and deleted again before the slip.
    if (length === slip - 5) {
      timeline.push([(ms += step), length + 1], [(ms += step), length]);
    }
  }
  return { text, elapsedMs: TYPING_MS, timeline };
}

/** "My brother ___ (play) football…" → the hint word ("play"), or a short word. */
const sentenceAnswer = (question) => {
  const hint = /\(([^)]+)\)/.exec(question);
  return hint ? hint[1] : 'of';
};

const capitalised = (words) => `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;

/** A reconstruction from memory: the passage with every seventh word left out. */
const retold = (sentences) =>
  sentences
    .split(' ')
    .filter((_, i) => i % 7 !== 6)
    .join(' ');

export function answersFor(test) {
  return {
    typing: typing(test.typing.paragraph),
    sentenceAnswers: test.sentences.map((item) => sentenceAnswer(item.question)),
    fillAnswers: test.fills.map((item) => item.options[1]),
    jumbledAnswers: test.jumbled.map((item) => capitalised(item.jumbled.split('/').join(' '))),
    passageInputs: test.passages.map((item) => retold(item.sentences)),
    emailInput: EMAIL,
  };
}
