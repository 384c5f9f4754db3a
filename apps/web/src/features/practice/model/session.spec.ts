import { describe, expect, it } from 'vitest';
import { canSubmit, currentStep, enterAction, sessionReducer, startSession, stepsOf, WORDS_PER_LINE, type SessionCard, type Verdict } from './session';

const missed = (id: string): SessionCard => ({ id, kind: 'missed-item' });
const fix = (id: string): SessionCard => ({ id, kind: 'fix-sentence', sentence: `I has went (${id}).` });
const word = (id: string): SessionCard => ({ id, kind: 'mistyped-words' });
const verdict = (correct: boolean): Verdict => ({ correct, grade: correct ? 'good' : 'again', message: correct ? 'Right.' : 'Not quite.', nextDue: '2026-11-27T10:00:00.000Z', learnt: false });

describe('stepsOf: the served cards as screens', () => {
  it('gives each item and sentence its own screen and types the due words together, where the first word was', () => {
    const steps = stepsOf([missed('m1'), word('w1'), fix('f1'), word('w2'), missed('m2')]);
    expect(steps.map((s) => (s.kind === 'card' ? s.card.id : s.cards.map((c) => c.id)))).toEqual(['m1', ['w1', 'w2'], 'f1', 'm2']);
  });

  it(`starts another line after ${WORDS_PER_LINE} words`, () => {
    const words = Array.from({ length: WORDS_PER_LINE + 2 }, (_, i) => word(`w${i}`));
    const steps = stepsOf(words);
    expect(steps.map((s) => (s.kind === 'words' ? s.cards.length : 0))).toEqual([WORDS_PER_LINE, 2]);
  });
});

describe('sessionReducer: answer, check, see the verdict, go on', () => {
  it('checks only a non-blank answer, then shows the verdict, then goes to the next card', () => {
    let state = startSession([missed('m1'), fix('f1')]);
    expect(state.phase).toBe('answering');
    expect(enterAction(state)).toBeUndefined();
    state = sessionReducer(state, { type: 'input', value: '   ' });
    expect(canSubmit(state)).toBe(false);
    expect(sessionReducer(state, { type: 'submit' })).toBe(state);

    state = sessionReducer(state, { type: 'input', value: 'went' });
    expect(enterAction(state)).toEqual({ type: 'submit' });
    state = sessionReducer(state, { type: 'submit' });
    expect(state.phase).toBe('checking');
    // Typing while the check is on its way changes nothing, nor does Enter.
    expect(sessionReducer(state, { type: 'input', value: 'go' }).answer).toBe('went');
    expect(enterAction(state)).toBeUndefined();

    state = sessionReducer(state, { type: 'checked', verdicts: [verdict(false)] });
    expect(state).toMatchObject({ phase: 'answered', answer: 'went', verdicts: [verdict(false)], reviewed: 1 });
    expect(enterAction(state)).toEqual({ type: 'next' });

    // The sentence to fix starts as the learner wrote it, to be corrected in place.
    state = sessionReducer(state, { type: 'next' });
    expect(state).toMatchObject({ phase: 'answering', index: 1, answer: 'I has went (f1).', verdicts: [] });
    expect(currentStep(state)).toEqual({ kind: 'card', card: fix('f1') });
  });

  it('keeps the answer and says why when a check fails, and checks again on the next Enter', () => {
    let state = sessionReducer(sessionReducer(startSession([missed('m1')]), { type: 'input', value: 'went' }), { type: 'submit' });
    state = sessionReducer(state, { type: 'failed', message: 'The server could not be reached.' });
    expect(state).toMatchObject({ phase: 'answering', answer: 'went', error: 'The server could not be reached.', reviewed: 0 });
    expect(enterAction(state)).toEqual({ type: 'submit' });
    expect(sessionReducer(state, { type: 'input', value: 'gone' }).error).toBeUndefined();
  });

  it('counts every word of a typed line as a review, ends after the last screen, and "Keep going" starts the next batch with the count kept', () => {
    let state = startSession([word('w1'), word('w2')]);
    state = sessionReducer(sessionReducer(state, { type: 'input', value: 'receive necessary' }), { type: 'submit' });
    state = sessionReducer(state, { type: 'checked', verdicts: [verdict(true), verdict(false)] });
    expect(state.reviewed).toBe(2);
    state = sessionReducer(state, { type: 'next' });
    expect(state.phase).toBe('done');
    expect(currentStep(state)).toBeUndefined();
    expect(enterAction(state)).toBeUndefined();

    state = sessionReducer(state, { type: 'more', cards: [missed('m9')] });
    expect(state).toMatchObject({ phase: 'answering', index: 0, reviewed: 2 });
    expect(currentStep(state)).toEqual({ kind: 'card', card: missed('m9') });
  });

  it('starts a batch whose first card is a sentence to fix with that sentence as the answer', () => {
    expect(startSession([fix('f2'), missed('m1')]).answer).toBe('I has went (f2).');
  });

  it('is done at once when nothing is due, and stays done when "Keep going" finds nothing more', () => {
    const empty = startSession([]);
    expect(empty.phase).toBe('done');
    expect(sessionReducer(empty, { type: 'more', cards: [] }).phase).toBe('done');
  });

  it('ignores a verdict that arrives when no check is on its way (a late answer after going on)', () => {
    const state = startSession([missed('m1')]);
    expect(sessionReducer(state, { type: 'checked', verdicts: [verdict(true)] })).toBe(state);
    expect(sessionReducer(state, { type: 'next' })).toBe(state);
  });
});
