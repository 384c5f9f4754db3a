import { useId } from 'react';
import { PRACTICE_ANSWER_MAX_CHARS, type PublicFixSentenceCard } from '@fluent/contracts';
import { useFocusOnMount } from '@/hooks/use-focus-on-mount';
import { PRACTICE_MESSAGES } from '../messages';
import { issueSegments } from '../model/issue-segments';

interface FixSentenceCardProps {
  card: PublicFixSentenceCard;
  answer: string;
  locked: boolean;
  onInput: (value: string) => void;
}

/**
 * A sentence of the learner's own passage or email with the issues the writing feedback found,
 * each marked and explained; the learner corrects it in place (the answer starts as the sentence).
 */
export function FixSentenceCard({ card, answer, locked, onInput }: FixSentenceCardProps) {
  const id = useId();
  const input = useFocusOnMount<HTMLTextAreaElement>();
  return (
    <>
      <p className="practice-meta">{PRACTICE_MESSAGES.fixFrom(card.section, card.testId)}</p>
      <p className="practice-sentence" id={`${id}-sentence`}>
        {issueSegments(card.sentence, card.issues).map((segment, i) =>
          segment.issue === undefined ? (
            <span key={i}>{segment.text}</span>
          ) : (
            <mark key={i} className="practice-issue">
              {segment.text}
              <sup>{segment.issue + 1}</sup>
            </mark>
          ),
        )}
      </p>
      <h3 className="practice-subheading" id={`${id}-issues-title`}>
        {PRACTICE_MESSAGES.issuesLabel}
      </h3>
      <ol className="practice-issues" aria-labelledby={`${id}-issues-title`} id={`${id}-issues`}>
        {card.issues.map((issue, i) => (
          <li key={i}>
            <q>{card.sentence.slice(issue.offset, issue.offset + issue.length)}</q>: {issue.message} <span className="practice-explanation">{issue.explanation}</span>
          </li>
        ))}
      </ol>
      <div className="field">
        <label htmlFor={`${id}-input`}>{PRACTICE_MESSAGES.fixLabel}</label>
        <textarea
          id={`${id}-input`}
          ref={input}
          rows={3}
          value={answer}
          readOnly={locked}
          maxLength={Math.min(card.maxLength, PRACTICE_ANSWER_MAX_CHARS)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-issues`}
          onChange={(event) => onInput(event.target.value)}
        />
      </div>
    </>
  );
}
