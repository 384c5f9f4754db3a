import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPageMeta, HOME_TITLE, usePageMeta, useRouteMeta } from './page-meta';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('page meta', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="description" content="from index.html">';
    document.title = 'index';
  });

  it('adds the site name to a page title, except on the home page', () => {
    applyPageMeta({ title: 'Blog', description: 'Advice.' });
    expect(document.title).toBe('Blog | Fluent');
    expect(description()).toBe('Advice.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    applyPageMeta({ title: HOME_TITLE, description: 'Home.' });
    expect(document.title).toBe(HOME_TITLE);
  });

  it("applies the deepest route's handle on every navigation, and a page's own meta over it", async () => {
    function Root() {
      useRouteMeta();
      return <Outlet />;
    }
    function Post() {
      usePageMeta({ title: 'Typing faster', description: 'A post.' });
      return <p>post</p>;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: '/about', handle: { meta: { title: 'About Us', description: 'Who we are.' } }, element: <p>about</p> },
            { path: '/blog/:slug', element: <Post /> },
          ],
        },
      ],
      { initialEntries: ['/about'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('About Us | Fluent');
    expect(description()).toBe('Who we are.');
    await act(() => router.navigate('/blog/typing-faster'));
    expect(document.title).toBe('Typing faster | Fluent');
    expect(description()).toBe('A post.');
    await act(() => router.navigate('/about'));
    expect(document.title).toBe('About Us | Fluent');
  });
});
