import { ROUTE_ACCESS } from '@grip/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteGuard, SignedOutOnly } from '@/features/auth/components/route-guards';
import { preloadable } from '@/lib/preloadable';
import { loadAppShell, RootLayout, RouteError, ShellLayout } from './layouts';
import IndexPage, { preloadIndexPage } from './routes/index';

type PageModule = Promise<{ default: ComponentType }>;

/** Each page's code, by ROUTE_ACCESS path: `/` is a tiny switch that loads what it shows itself. */
const PAGE_LOADERS: Record<string, () => PageModule> = {
  '/auth': () => import('./routes/auth'),
  '/home': () => import('./routes/home'),
  '/requests': () => import('./routes/requests'),
  '/responses': () => import('./routes/responses'),
  '/messages': () => import('./routes/messages'),
  '/confirmed': () => import('./routes/confirmed'),
  '/history': () => import('./routes/history'),
  '/settings': () => import('./routes/settings'),
  '/notifications': () => import('./routes/notifications'),
  '/conversation/:responseId': () => import('./routes/conversation'),
  '/business-requests': () => import('./routes/business-requests'),
  '/business-active': () => import('./routes/business-active'),
  '/business-confirmed': () => import('./routes/business-confirmed'),
  '/business-settings': () => import('./routes/business-settings'),
  '/business-registration': () => import('./routes/business-registration'),
  '/business-dashboard': () => import('./routes/business-dashboard'),
  '/respond/:requestId': () => import('./routes/respond'),
  '/admin': () => import('./routes/admin'),
  '/admin-test-request': () => import('./routes/admin-test-request'),
};

/** One page per URL of the route table (spec 1 §2), keyed by ROUTE_ACCESS path, each loaded lazily. */
export const PAGES: Record<string, ComponentType> = {
  ...Object.fromEntries(Object.entries(PAGE_LOADERS).map(([path, load]) => [path, preloadable(path, load)])),
  '/': IndexPage,
};

/**
 * The code a first screen draws with: the page of the URL (for `/`, the landing page or the home,
 * by whether someone is signed in) and, where only signed-in people go, the app shell. Loaded before
 * the server draws a screen and before the browser hydrates it, so neither suspends (preloadable).
 */
function firstScreenLoads(pathname: string, signedIn: boolean): (() => Promise<unknown>)[] {
  const [match] = matchRoutes([...ROUTE_ACCESS], pathname) ?? [];
  if (!match) return [];
  const { path, access } = match.route;
  const page = PAGES[path] as { preload?: () => Promise<unknown> } | undefined;
  const loads = [
    path === '/' ? () => preloadIndexPage(signedIn) : (page?.preload ?? (() => Promise.resolve())),
  ];
  if (access !== 'public' || (signedIn && path === '/')) loads.push(loadAppShell);
  return loads;
}

/** Loads the first screen's code (see firstScreenLoads); rejects when a download fails. */
export function loadFirstScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  return Promise.all(firstScreenLoads(pathname, signedIn).map((load) => load()));
}

/**
 * Starts loading the code the first screen needs while the session is still being asked for, instead
 * of after it (docs/performance.md): the page of the URL and, where only signed-in people go, the app
 * shell. `/` shows the landing page or the home, so it goes by whether someone was signed in on this
 * browser last time. A wrong guess costs bytes, never behaviour: the guards still decide.
 */
export function preloadFirstScreen(pathname: string, wasSignedIn: boolean) {
  // A failed download shows when the page renders (RouteError); here it is only an early start.
  loadFirstScreen(pathname, wasSignedIn).catch(() => undefined);
}

const NotFoundPage = preloadable('*', () => import('./routes/not-found'));

function pageFor(path: string): ComponentType {
  const page = PAGES[path];
  if (!page) throw new Error(`No page for route ${path}`);
  return page;
}

function buildAppRoutes(): RouteObject[] {
  const AuthPage = pageFor('/auth');
  const appRoutes: RouteObject[] = ROUTE_ACCESS.filter((route) => route.path !== '/auth').map(
    ({ path, access }) => {
      const Page = pageFor(path);
      return {
        path,
        element: (
          <RouteGuard path={path} access={access}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  );

  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          path: '/auth',
          element: (
            <SignedOutOnly>
              <AuthPage />
            </SignedOutOnly>
          ),
        },
        { element: <ShellLayout />, children: appRoutes },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export const appRoutes: RouteObject[] = buildAppRoutes();

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
