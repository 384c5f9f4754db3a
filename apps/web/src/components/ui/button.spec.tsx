import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

describe('Button', () => {
  it('is a secondary button of type "button" by default', () => {
    render(<Button>Try again</Button>);
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button.className).toBe('button');
    expect(button.getAttribute('type')).toBe('button');
  });

  it('writes the variant, block and extra classes in the order styles.css reads them', () => {
    render(
      <>
        <Button variant="primary" block type="submit">Sign In</Button>
        <Button variant="google">Google</Button>
        <Button variant="primary" className="runner-action next">Next</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Sign In' }).className).toBe('button primary block');
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Google' }).className).toBe('button google');
    expect(screen.getByRole('button', { name: 'Next' }).className).toBe('button primary runner-action next');
  });

  it('passes attributes, handlers and its ref to the <button>', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} aria-labelledby="label" onClick={onClick} disabled={false}>
        Start
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(ref.current).toBe(button);
    expect(button.getAttribute('aria-labelledby')).toBe('label');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
