import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';

/** Shows where a navigation went and the state it carried, so tests can read both. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{JSON.stringify({ pathname: location.pathname, search: location.search, state: location.state })}</output>;
}

/**
 * Renders `element` at `path` with a fresh query client and a router whose other routes show the
 * location; `state` is the navigation state the route is entered with.
 */
export function renderWithProviders(element: ReactElement, path: string = paths.dashboard, state?: unknown) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return { queryClient, router, ...render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>) };
}
