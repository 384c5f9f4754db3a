import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LandingRoute } from './landing';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingRoute /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/about', element: <h1>About page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LandingRoute', () => {
  it('Take the Test goes to /login', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Take the Test' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('Learn More goes to /about', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));
    expect(router.state.location.pathname).toBe('/about');
  });
});
