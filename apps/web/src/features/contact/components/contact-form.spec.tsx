import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { ContactForm } from './contact-form';

const THANK_YOU = "Thank you! Your message has been sent successfully. We'll get back to you soon.";

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ana Lima');
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Message'), 'When do new tests arrive?');
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for name, email (email type) and message, all required', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveProperty('required', true);
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveProperty('required', true);
    expect(screen.getByLabelText('Message')).toHaveProperty('required', true);
  });

  it('posts the message to /api/contact and then shows exactly the SPEC thank-you text', async () => {
    const fetch = answer(201, { id: 'x', name: 'Ana Lima', email: 'ana@example.com', message: 'When do new tests arrive?', receivedAt: '2026-03-03T10:00:00Z' });
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await fillIn();
    expect((await screen.findByRole('status')).textContent).toBe(THANK_YOU);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Ana Lima', email: 'ana@example.com', message: 'When do new tests arrive?', website: '' });
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it("shows the server's message beside the field it names, and no thank-you", async () => {
    vi.stubGlobal('fetch', answer(400, { statusCode: 400, message: 'Enter a valid email address', errors: { email: 'Enter a valid email address' } }));
    renderForm();
    await fillIn();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(THANK_YOU)).toBeNull();
  });

  it('says when too many messages were sent, keeping what was typed', async () => {
    vi.stubGlobal('fetch', answer(429, { statusCode: 429, message: 'Too many requests. Please wait a moment and try again.' }));
    renderForm();
    await fillIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment and try again.');
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'When do new tests arrive?');
  });
});
