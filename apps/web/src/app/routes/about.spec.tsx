import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AboutRoute } from './about';
import { TermsRoute } from './terms';

const textOf = (page: React.ReactElement) => {
  render(<MemoryRouter>{page}</MemoryRouter>);
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
};

// The numbers in these pages come from libs/contracts (sections, tests, price); this is how they read.
describe('information pages that state the test’s rules', () => {
  it('about: the sections in order with their sizes and timings, the free tests and the price', () => {
    const text = textOf(<AboutRoute />);
    expect(text).toContain('a passage that disappears after thirty seconds, an email to write in five minutes.');
    expect(text).toContain('Each of the twenty mock tests has six sections, always in the same order, and takes about forty minutes:');
    expect([...document.querySelectorAll('.section-list li')].map((li) => li.textContent)).toEqual([
      'Typing Test. Type a short dictation paragraph in 60 seconds. We measure words per minute and accuracy.',
      'Sentence Completion. Ten sentences with a missing word, 30 seconds each.',
      'Fill in the Blanks. Ten questions with three options each, 30 seconds each.',
      'Jumbled Words. Fifteen scrambled sentences to put back in order, 30 seconds each.',
      'Passage Reconstruction. Three short passages: 30 seconds to read, 90 seconds to rewrite each in your own words.',
      'Email Writing. One formal email in response to a prompt, written within 5 minutes.',
    ]);
    expect(text).toContain('The first three tests are free for everyone with an account. One payment of $49.99 unlocks the other seventeen, for as long as you keep your account.');
  });

  it('terms: the free tests, the price and the premium tests', () => {
    expect(textOf(<TermsRoute />)).toContain(
      'Three tests are free. A single payment of $49.99 (US dollars) unlocks the seventeen premium tests for the life of your account.',
    );
  });
});
