import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestIntroduction } from './test-introduction';

describe('TestIntroduction', () => {
  it('lists the six sections in order and starts on Start Test', async () => {
    const onStart = vi.fn();
    render(<TestIntroduction testId={7} onStart={onStart} />);
    expect(screen.getByRole('heading', { name: 'Test 7' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Typing Test',
      'Sentence Completion',
      'Fill in the Blanks',
      'Jumbled Words',
      'Passage Reconstruction',
      'Email Writing',
    ]);
    const start = screen.getByRole('button', { name: 'Start Test' });
    expect(document.activeElement).toBe(start);
    await userEvent.keyboard('{Enter}');
    expect(onStart).toHaveBeenCalledTimes(1);
  });
});
