import { describe, expect, it } from 'vitest';
import { questionBank } from '@fluent/question-bank';
import { cardsFor, TestLibrary } from './test-library';

describe('TestLibrary', () => {
  const library = new TestLibrary(questionBank(), 3);

  it('makes 20 card templates: Test N, the level of docs/product.md#the-tests, the bank description, premium from test 4', () => {
    expect(library.cardTemplates).toHaveLength(20);
    expect(library.cardTemplates[0]).toEqual({ id: 1, name: 'Test 1', description: questionBank().descriptions[0], level: 'Easy', premium: false });
    expect(library.cardTemplates.map((c) => c.level)).toEqual([
      ...Array(3).fill('Easy'),
      ...Array(5).fill('Moderate'),
      ...Array(4).fill('Hard'),
      ...Array(8).fill('Moderate'),
    ]);
    expect(library.cardTemplates.filter((c) => c.premium).map((c) => c.id)).toEqual(Array.from({ length: 17 }, (_, i) => i + 4));
  });

  it('takes the number of free tests from its configuration', () => {
    const generous = new TestLibrary(questionBank(), 5);
    expect(generous.cardTemplates.filter((c) => !c.premium).map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    expect(new TestLibrary(questionBank(), 0).cardTemplates.every((c) => c.premium)).toBe(true);
  });

  it('serves every test without a single answer field, and keeps the answers for scoring', () => {
    for (let id = 1; id <= 20; id += 1) {
      const json = JSON.stringify(library.publicTest(id));
      expect(json).not.toMatch(/"(answer|acceptableAnswers|alternatives)"/);
      expect(library.test(id)!.fills.every((fill) => fill.answer.length > 0)).toBe(true);
    }
  });

  it('has no test outside 1..20', () => {
    for (const id of [0, 21, -1, 1.5]) {
      expect(library.test(id)).toBeUndefined();
      expect(library.publicTest(id)).toBeUndefined();
    }
  });

  it('refuses to start on a bank that cannot fill every test', () => {
    const bank = { ...questionBank(), jumbled: questionBank().jumbled.slice(0, 100) };
    expect(() => new TestLibrary(bank, 3, { warn: () => undefined, error: () => undefined })).toThrow('cannot assemble test 7');
  });
});

describe('cardsFor', () => {
  const templates = new TestLibrary(questionBank(), 3).cardTemplates;

  it('opens the free tests only until the learner has paid, then every test', () => {
    const unpaid = cardsFor(templates, { paid: false, attempts: new Map() }, 1);
    expect(unpaid.filter((c) => c.access).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(cardsFor(templates, { paid: true, attempts: new Map() }, 1).every((c) => c.access)).toBe(true);
  });

  it('marks exactly the attempted tests, whatever their access, with the attempts left of the allowance', () => {
    const attempts = new Map([[2, 1], [7, 3]]);
    const once = cardsFor(templates, { paid: false, attempts }, 1);
    expect(once.filter((c) => c.attempted).map((c) => c.id)).toEqual([2, 7]);
    expect(once.map((c) => c.attemptsLeft)).toEqual(templates.map((t) => (t.id === 2 || t.id === 7 ? 0 : 1)));
    const thrice = cardsFor(templates, { paid: false, attempts }, 3);
    expect([thrice[0]!.attemptsLeft, thrice[1]!.attemptsLeft, thrice[6]!.attemptsLeft]).toEqual([3, 2, 0]);
  });
});
