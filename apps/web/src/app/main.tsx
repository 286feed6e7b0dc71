import '@/lib/zod-jitless';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { startInstallPrompt } from '@/lib/install-prompt';
import { startServiceWorker } from '@/lib/service-worker';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { resumeLiveEventsFrom } from '@/lib/live-events';
import { keepForOffline, wasSignedInHere, type OfflineRead } from '@/lib/offline-session';
import { loadDrawn } from '@/lib/preloadable';
import { setRenderClock } from '@/lib/use-now';
import { startTheme } from '@/lib/theme';
import { readFirstScreenState } from './first-screen-state';
import { loadAppShell } from './layouts';
import { Providers } from './providers';
import { createAppRouter, preloadFirstScreen } from './router';
import { loadLandingPage } from './routes/index';
import { startPlatformFormats } from './platform-formats';
import './styles.css';

// Light or dark as chosen on this device (public/theme.js applied it before the first paint).
startTheme();
startInstallPrompt();
const queryClient = createQueryClient();
// A first screen the server drew (decision 024) comes with the data it was drawn from: the page
// hydrates with it and fetches none of it again.
const firstScreen = readFirstScreenState(document);
if (firstScreen) hydrate(queryClient, firstScreen.queries);
// Money, numbers and dates in the platform's locale and currency, before anything is drawn (decision 032).
void startPlatformFormats(firstScreen?.formats, queryClient);
// Start loading the session before React renders (every guard waits on it), and the signed-in shell
// as soon as we know there is a user, in parallel with the page's own code.
const sessionKnown = queryClient.prefetchQuery(meQueryOptions).then(() => {
  if (queryClient.getQueryData(meQueryOptions.queryKey)) void loadAppShell();
});
preloadFirstScreen(
  window.location.pathname,
  firstScreen ? queryClient.getQueryData(meQueryOptions.queryKey) != null : wasSignedInHere(),
);
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

/** Once the server's first screen is hydrated: it takes taps and typing, and is kept for offline use. */
function Hydrated({ children, reads }: { children: ReactNode; reads: OfflineRead[] }) {
  useEffect(() => {
    container!.inert = false;
    // After the offline session's check (an effect below this one), which may empty the caches.
    void keepForOffline(reads);
  }, [reads]);
  return children;
}

if (firstScreen) {
  // The drawn page takes no taps or typing until React owns it: a choice made in it before then
  // would be undone by hydration (decision 024). The code of what the server drew first (the shell,
  // the page and its parts; preloadFirstScreen above started on it), so hydration ends in one pass.
  container.inert = true;
  resumeLiveEventsFrom(firstScreen.liveFrom);
  void loadDrawn(firstScreen.drawn).then(() => {
    setRenderClock(new Date(firstScreen.drawnAt));
    // As a transition, hydration goes in slices and lets the browser breathe between them; as a
    // default update it would be one long task (Lighthouse's total blocking time).
    startTransition(() => {
      hydrateRoot(container, <Hydrated reads={firstScreen.offlineReads}>{app}</Hydrated>);
    });
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
