const NO_ANSWER = '(No answer)';

/** The learner's text, or '(No answer)' when it is blank (docs/product.md#the-results-page). */
export function Answer({ text }: { text: string }) {
  return text.trim() === '' ? <em className="no-answer">{NO_ANSWER}</em> : <span className="answer-text">{text}</span>;
}
