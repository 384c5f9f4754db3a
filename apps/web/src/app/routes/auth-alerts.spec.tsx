import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardHeader } from '@/components/layout/dashboard-header';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import { ApiError } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { AuthSession } from '@/lib/auth/auth-session';
import { createQueryClient } from '@/lib/query-client';
import { sessionAnswering } from '@/testing/session-answering';
import { LandingRoute } from './landing';

const jwt = btoa(JSON.stringify({ sub: 'ana', email: 'ana@example.com' }));


function renderAt(path: string, session: AuthSession) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingRoute /> },
      { path: '/login', element: <LoginForm /> },
      { path: '/signup', element: <SignupForm /> },
      { path: '/dashboard', element: <DashboardHeader /> },
    ],
    { initialEntries: [path] },
  );
  // The signed-in header reads the practice count (a query), as every signed-in page provides.
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider session={session}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('authentication alerts (docs/product.md#texts)', () => {
  it('alerts the server message when the email is already registered', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const session = sessionAnswering({
      '/api/auth/signup': () => {
        throw new ApiError(409, 'An account with this email already exists.');
      },
    });
    renderAt('/signup', session);
    await userEvent.type(await screen.findByLabelText('Mobile Number'), '0123456789');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-9');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An account with this email already exists.'));
    expect(alert).not.toHaveBeenCalledWith('Signup successful!');
  });

  it('alerts "Google Sign-In Failed: " and the reason on /login, once, and clears it from the address', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const router = renderAt('/login?google_error=access_denied', sessionAnswering({}));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Google Sign-In Failed: Access was denied.'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('shows "Google Sign-In Failed: " and the reason on the landing card', async () => {
    renderAt('/?google_error=unavailable', sessionAnswering({}));
    expect((await screen.findByRole('alert')).textContent).toBe('Google Sign-In Failed: The sign-in service is unavailable. Please try again shortly.');
  });

  it('never shows words a link put in the address', async () => {
    renderAt('/?google_error=Call%20support%20on%20555-0100', sessionAnswering({}));
    expect((await screen.findByRole('alert')).textContent).toBe('Google Sign-In Failed: The sign-in did not complete. Please try again.');
  });

  it('alerts the message when signing out fails, and stays on the dashboard', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const session = sessionAnswering({
      '/api/auth/session': () => ({ accessToken: `h.${jwt}.s`, expiresIn: 300 }),
      '/api/auth/logout': () => {
        throw new ApiError(503, 'Sign-out failed. Please try again.');
      },
    });
    const router = renderAt('/dashboard', session);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Sign-out failed. Please try again.'));
    expect(alert).not.toHaveBeenCalledWith('Signed out successfully!');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(session.getState().status).toBe('signed-in');
  });
});
