import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels an <input> and reads its hint and error with it, marked invalid', () => {
    render(<TextField label="Mobile Number" hint="Mobile number should be 10 digits" error="Required" defaultValue="" />);
    const input = screen.getByLabelText('Mobile Number');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Mobile number should be 10 digits', 'Required']);
  });

  it('is a <textarea> when multiline, with the same label, hint and error', () => {
    render(<TextField label="Message" multiline rows={6} error="Enter a message" defaultValue="" />);
    const textarea = screen.getByLabelText('Message');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.getAttribute('rows')).toBe('6');
    expect(textarea.getAttribute('multiline')).toBeNull();
    expect(document.getElementById(textarea.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a message');
  });

  it('is neither described nor invalid without a hint or an error', () => {
    render(<TextField label="Email" type="email" defaultValue="" />);
    const input = screen.getByLabelText('Email');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });
});
