import { describe, expect, it } from 'vitest';
import { passageFeedback } from './passage';
import { matchAt, OFF_TOPIC, ORIGINAL, PARAPHRASE, SPANISH, TWO_SENTENCES_COPIED } from './testing/fixtures';

describe('passage reconstruction', () => {
  it('scores the whole passage written back in full, every sentence covered in order', () => {
    const f = passageFeedback(0, ORIGINAL, ORIGINAL);
    expect(f).toMatchObject({ blank: false, recall: 100, orderKept: 100, score: 100, length: { verdict: 'fair' } });
    expect(f.sentences.every((s) => s.covered)).toBe(true);
  });

  it('scores a faithful paraphrase well: other words and forms, the same content (lemmas and stems, not strings)', () => {
    const f = passageFeedback(0, ORIGINAL, PARAPHRASE);
    expect(f.recall).toBeGreaterThanOrEqual(85);
    expect(f.score).toBeGreaterThanOrEqual(85);
    expect(f.sentences.filter((s) => s.covered)).toHaveLength(5);
    // "painted" meets "painting", "borrowed" meets "borrow", "opens" meets "open".
    expect(f.sentences[0]!.share).toBeGreaterThanOrEqual(70);
  });

  it('does not score two sentences copied like the whole passage: the other three are not covered', () => {
    const f = passageFeedback(0, ORIGINAL, TWO_SENTENCES_COPIED);
    expect(f.sentences.map((s) => s.covered)).toEqual([true, true, false, false, false]);
    expect(f.recall).toBeLessThanOrEqual(60);
    expect(f.score).toBeLessThanOrEqual(60);
    expect(passageFeedback(0, ORIGINAL, ORIGINAL).score - f.score).toBeGreaterThanOrEqual(40);
  });

  it('gives a short gist partial credit and says it is short', () => {
    const f = passageFeedback(0, ORIGINAL, 'The library is closed for two days for painting. It opens again on Wednesday.');
    expect(f.recall).toBeGreaterThan(10);
    expect(f.recall).toBeLessThan(50);
    expect(f.length.verdict).toBe('short');
    expect(f.orderKept).toBeNull();
  });

  it('scores a fluent text about something else near 0', () => {
    const f = passageFeedback(0, ORIGINAL, OFF_TOPIC);
    expect(f.recall).toBe(0);
    expect(f.score).toBe(0);
    expect(f.sentences.some((s) => s.covered)).toBe(false);
  });

  it('answers a blank with 0 and no issues', () => {
    for (const text of ['', '   \n ']) {
      const f = passageFeedback(2, ORIGINAL, text);
      expect(f).toMatchObject({ index: 2, blank: true, recall: 0, score: 0, orderKept: null, length: { words: 0, verdict: 'short' } });
      expect(f.language.issues).toEqual([]);
    }
  });

  it('reads a reconstruction in capitals like any other (case is not content)', () => {
    expect(passageFeedback(0, ORIGINAL, ORIGINAL.toUpperCase()).recall).toBe(100);
  });

  it('notices sentences told in the wrong order', () => {
    const reversed = 'New books will be ready to borrow from that day. The library will open again on Wednesday at eight. The school library will be closed next Monday and Tuesday because workers are painting the walls.';
    const f = passageFeedback(0, ORIGINAL, reversed);
    expect(f.orderKept).toBe(0);
    expect(f.score).toBeLessThan(passageFeedback(0, ORIGINAL, [...reversed.split('. ')].reverse().join('. ')).score);
  });

  it('reports a text in another language as not English, without a page of spelling errors', () => {
    const misspelt = SPANISH.split(' ').map((word) => matchAt(SPANISH, word, { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS', message: 'Possible spelling mistake found.' }));
    const f = passageFeedback(0, ORIGINAL, SPANISH, { matches: misspelt, detectedLanguage: { code: 'es', confidence: 0.99 } });
    expect(f.language.notEnglish).toBe(true);
    expect(f.language.issues).toEqual([]);
    expect(f.score).toBe(0);
  });

  it('takes language errors off the score, and counts them per 100 words by category', () => {
    const text = ORIGINAL.replace('Students can return', 'Students can returns');
    const f = passageFeedback(0, ORIGINAL, text, { matches: [matchAt(text, 'returns', { ruleId: 'MD_BASEFORM' })] });
    expect(f.language.words).toBe(55);
    expect(f.language.errorsPer100Words.grammar).toBe(1.8);
    expect(f.language.issues[0]).toMatchObject({ category: 'grammar', explanation: expect.stringContaining('base form') });
    expect(f.score).toBeLessThan(100);
    expect(f.score).toBeGreaterThan(95);
  });
});
