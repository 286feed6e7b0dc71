import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { advanceFakeTimers } from './clock';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Renders the whole app (routes, guards, shell, toasts) at a URL, against whatever fetch is mocked. */
export function renderApp(url: string, queryClient = createTestQueryClient()) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const user = userEvent.setup({ advanceTimers: advanceFakeTimers });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, user, queryClient, location: () => router.state.location };
}
