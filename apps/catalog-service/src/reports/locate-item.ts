import type { AssembledTest, ReportableSection, TestAnswers } from '@fluent/contracts';

export interface LocatedItem {
  prompt: string;
  answer: string;
}

type Answers = Pick<TestAnswers, 'sentenceAnswers' | 'fillAnswers' | 'jumbledAnswers' | 'passageInputs' | 'emailInput'> & { typing: { text: string } };

/**
 * The item a report names, as it was asked in this attempt, with the learner's answer to it; or
 * undefined when the attempt did not ask it.
 */
export function locateItem(questions: AssembledTest, answers: Answers, section: ReportableSection, itemId: number): LocatedItem | undefined {
  const at = <T extends { id: number }>(items: T[]) => items.findIndex((item) => item.id === itemId);
  switch (section) {
    case 'typing':
      return questions.typing.id === itemId ? { prompt: questions.typing.paragraph, answer: answers.typing.text } : undefined;
    case 'sentences': {
      const i = at(questions.sentences);
      return i < 0 ? undefined : { prompt: questions.sentences[i]!.question, answer: answers.sentenceAnswers[i] ?? '' };
    }
    case 'fills': {
      const i = at(questions.fills);
      return i < 0 ? undefined : { prompt: questions.fills[i]!.question, answer: answers.fillAnswers[i] ?? '' };
    }
    case 'jumbled': {
      const i = at(questions.jumbled);
      return i < 0 ? undefined : { prompt: questions.jumbled[i]!.jumbled, answer: answers.jumbledAnswers[i] ?? '' };
    }
    case 'passages': {
      const i = at(questions.passages);
      return i < 0 ? undefined : { prompt: questions.passages[i]!.sentences, answer: answers.passageInputs[i] ?? '' };
    }
    case 'email':
      return questions.email.id === itemId ? { prompt: questions.email.prompt, answer: answers.emailInput } : undefined;
  }
}
