import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestIntroduction } from './test-introduction';

describe('TestIntroduction', () => {
  it('lists the six sections in order', () => {
    render(<TestIntroduction testId={7} />);
    expect(screen.getByRole('heading', { name: 'Test 7' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Typing Test',
      'Sentence Completion',
      'Fill in the Blanks',
      'Jumbled Words',
      'Passage Reconstruction',
      'Email Writing',
    ]);
  });
});
