import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderAt(path: string) {
  const page = (name: string) => (
    <>
      <SiteHeader />
      <h1>{name}</h1>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Home page') },
      { path: '/blog', element: page('Blog page') },
      { path: '/about', element: page('About page') },
      { path: '/contact', element: page('Contact page') },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SiteHeader', () => {
  it('holds the four SPEC links in the Main navigation, the current one marked', () => {
    renderAt('/blog');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Blog', '/blog'],
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
    ]);
    expect(screen.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('has a Menu disclosure button that opens and closes the links', async () => {
    renderAt('/');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const list = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(list.tagName).toBe('UL');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(list.className).toBe('nav-links');
    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(list.className).toBe('nav-links open');
    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu on Escape and gives focus back to the button', async () => {
    renderAt('/');
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    screen.getByRole('link', { name: 'About Us' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('closes the menu when a link takes the visitor to another page', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Contact Us' }));
    expect(router.state.location.pathname).toBe('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
