import type { PublicTest } from '@fluent/contracts';

/** A test of the real shape (10 sentence, 10 fill, 15 jumbled, 3 passages) with made-up content. */
export function publicTest(testId = 1): PublicTest {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  return {
    testId,
    level: 'Easy',
    typing: { id: testId, paragraph: 'The quick brown fox jumps over the lazy dog.' },
    sentences: range(10).map((id) => ({ id, question: `Sentence ${id}: she ___ home.` })),
    fills: range(10).map((id) => ({ id, question: `Fill ${id}: it is ___ today.`, options: ['sunny', 'sun', 'suns'] })),
    jumbled: range(15).map((id) => ({ id, jumbled: `park/we/to/walk/the/${id}` })),
    passages: range(3).map((id) => ({ id, sentences: `Passage ${id}. Tom bought fresh bread. He shared it.` })),
    email: { id: testId, prompt: 'Write to your manager to ask for a day off.' },
  };
}
