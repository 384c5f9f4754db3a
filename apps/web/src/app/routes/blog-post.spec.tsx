import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { BlogPostRoute } from './blog-post';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <h1>All posts</h1> },
      { path: '/blog/:slug', element: <BlogPostRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const json = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('BlogPostRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the post's HTML with its byline and title", async () => {
    const fetch = json(200, { slug: 'typing-speed', title: 'Typing faster', date: '2026-03-03', author: 'Maya Chen', summary: 'How.', content: '<h2>Warm up</h2><p>Type <strong>slowly</strong>.</p>' });
    vi.stubGlobal('fetch', fetch);
    renderAt('/blog/typing-speed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Typing faster' })).toBeTruthy();
    expect(screen.getByText('By Maya Chen ·', { exact: false }).textContent).toBe('By Maya Chen · March 3, 2026');
    expect(screen.getByRole('heading', { level: 2, name: 'Warm up' })).toBeTruthy();
    expect(document.title).toBe('Typing faster | Fluent');
    expect((fetch.mock.calls as unknown as [string][])[0]![0]).toBe('/api/blog/typing-speed');
  });

  it("shows 'Post not found' for an unknown slug, with 'Back to Blog'", async () => {
    vi.stubGlobal('fetch', json(404, { statusCode: 404, message: 'Post not found' }));
    const router = renderAt('/blog/no-such-post');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Blog' }));
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('tells an outage apart from a missing post, and offers to try again', async () => {
    vi.stubGlobal('fetch', json(503, { statusCode: 503, message: 'A backend service is unavailable' }));
    renderAt('/blog/typing-speed');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText('Post not found')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
