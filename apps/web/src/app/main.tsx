import '@/lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { startInstallPrompt } from '@/lib/install-prompt';
import { startServiceWorker } from '@/lib/service-worker';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { keepForOffline, wasSignedInHere, type OfflineRead } from '@/lib/offline-session';
import { setRenderClock } from '@/lib/use-now';
import { readFirstScreenState } from './first-screen-state';
import { loadAppShell } from './layouts';
import { Providers } from './providers';
import { createAppRouter, loadFirstScreen, preloadFirstScreen } from './router';
import { loadLandingPage } from './routes/index';
import './styles.css';

startInstallPrompt();
const queryClient = createQueryClient();
// A first screen the server drew (decision 024) comes with the data it was drawn from: the page
// hydrates with it and fetches none of it again.
const firstScreen = readFirstScreenState(document);
if (firstScreen) hydrate(queryClient, firstScreen.queries);
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

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

/** The server's screen is hydrated at the time it was drawn at; then every clock moves on (use-now). */
function DrawnAt({ children, offlineReads }: { children: ReactNode; offlineReads: OfflineRead[] }) {
  useEffect(() => {
    setRenderClock(null);
    // After the offline session's check (an effect below this one), which may empty the caches.
    void keepForOffline(offlineReads);
  }, [offlineReads]);
  return children;
}

if (firstScreen) {
  // Its code first (the page and the shell), so hydration never suspends where the page already is.
  const signedIn = queryClient.getQueryData(meQueryOptions.queryKey) != null;
  void loadFirstScreen(window.location.pathname, signedIn)
    .catch(() => undefined)
    .then(() => {
      setRenderClock(new Date(firstScreen.drawnAt));
      hydrateRoot(container, <DrawnAt offlineReads={firstScreen.offlineReads}>{app}</DrawnAt>);
    });
} else {
  drawInBrowser(container);
}

function drawInBrowser(container: HTMLElement) {
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
    startTransition(() => root.render(app));
  });
}
