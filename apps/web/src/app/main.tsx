import '@/lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { startInstallPrompt } from '@/lib/install-prompt';
import { startServiceWorker } from '@/lib/service-worker';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { wasSignedInHere } from '@/lib/offline-session';
import { loadAppShell } from './layouts';
import { Providers } from './providers';
import { createAppRouter, preloadFirstScreen } from './router';
import { loadLandingPage } from './routes/index';
import './styles.css';

startInstallPrompt();
const queryClient = createQueryClient();
// Start loading the session before React renders (every guard waits on it), and the signed-in shell
// as soon as we know there is a user, in parallel with the page's own code.
const sessionKnown = queryClient.prefetchQuery(meQueryOptions).then(() => {
  if (queryClient.getQueryData(meQueryOptions.queryKey)) void loadAppShell();
});
preloadFirstScreen(window.location.pathname, wasSignedInHere());
const router = createAppRouter();
startServiceWorker((url) => void router.navigate(url));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
// A visitor at `/` gets the landing page already drawn (landing.html, scripts/prerender-landing.mjs).
// It stays until the app can draw the same page at once — its code and the session are in — so it
// is replaced in one frame, never by a loading spinner.
const firstScreenReady =
  container.dataset.prerendered === 'landing'
    ? Promise.all([sessionKnown, loadLandingPage().catch(() => undefined)])
    : Promise.resolve();
void firstScreenReady.then(() => {
  // As a transition, React renders the first screen in slices and lets the browser breathe between
  // them, instead of one long task (Lighthouse's total blocking time, docs/performance.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
});
