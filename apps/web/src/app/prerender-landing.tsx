// Built on its own for Node (vite.prerender.config.ts) and run once after the web build
// (scripts/prerender-landing.mjs): the landing page's markup, written into landing.html so that a
// visitor's first paint needs no JavaScript (docs/performance.md). Never part of the browser bundle.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import LandingPage from '@/features/landing/landing-page';

/** The landing page as the browser's first render draws it (nothing loaded yet, nobody signed in). */
export function renderLandingPage(): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
