// The first screen drawn on the server (decision 024): built for Node (vite.ssr.config.ts) beside the
// web build and loaded by the server (apps/server/src/plugins/server-render.ts). Never part of the
// browser bundle. It draws the same React tree the browser hydrates (main.tsx), with the data the
// page asks for fetched from the server's own API as the person whose request it is.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  businessLandingPath,
  configureFormats,
  formatSettings,
  ROUTE_ACCESS,
  routeRedirect,
  type FormatSettings,
  type Me,
} from '@grip/domain';
import { dehydrate, QueryClient, QueryClientProvider, skipToken, type Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  MemoryRouter,
  StaticRouterProvider,
} from 'react-router';
import { meQueryOptions } from '@/features/auth/api/get-me';
import LandingPage from '@/features/landing/landing-page';
import { setApiTransport } from '@/lib/api-client';
import { isOfflineReadable } from '@/lib/offline-cache';
import type { OfflineRead } from '@/lib/offline-session';
import { createQueryClient, isBrowserOnly } from '@/lib/query-client';
import { drawCollecting } from '@/lib/preloadable';
import { setRenderClock } from '@/lib/use-now';
import { Providers } from './providers';
import { appRoutes, loadFirstScreen } from './router';
import { firstScreenStateScript, type FirstScreenState } from './first-screen-state';

/** Asks the server's API as the signed-in person (the server answers in-process). */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

interface RenderRequest {
  fetchApi: ApiFetch;
  offlineReads: OfflineRead[];
}

const renderRequest = new AsyncLocalStorage<RenderRequest>();
setApiTransport(async (path, init) => {
  const request = renderRequest.getStore();
  if (!request) throw new Error('An API call outside a server render');
  const answer = await request.fetchApi(path, init);
  const method = init.method ?? 'GET';
  if (method === 'GET' && answer.status === 200 && isOfflineReadable(new URL(path, 'http://grip').pathname)) {
    const body = await answer.text();
    request.offlineReads.push({ path, body });
    return new Response(body, { status: answer.status, headers: answer.headers });
  }
  return answer;
});

export type FirstScreen =
  | { kind: 'redirect'; location: string }
  /** index.html with the page drawn in #root, its title, and the data it was drawn from. */
  | { kind: 'page'; html: string }
  /** Not drawn here (a query failed, or the page needs more rounds of data): the browser draws it. */
  | { kind: 'browser'; reason: string };

/** Rounds of data and code: a page's queries rarely depend on one another more than once or twice. */
const MAX_ROUNDS = 4;

/**
 * The first screen of `url` for whoever `fetchApi` asks as (`signedIn`: the request carried a
 * session cookie): a redirect where the browser's route guard would send them, or the page's markup
 * with the data it was drawn from.
 */
export async function renderFirstScreen(options: {
  /** The built index.html. */
  template: string;
  url: string;
  signedIn: boolean;
  fetchApi: ApiFetch;
  now: Date;
  /** Where the live stream stood before the data was read (null for a visitor). */
  liveFrom: number | null;
  /** The platform's locale and currency (GRIP_LOCALE, GRIP_CURRENCY): this bundle's own formats. */
  formats?: FormatSettings;
}): Promise<FirstScreen> {
  // One process, one setting: set on every render so this bundle writes as the server does.
  configureFormats(options.formats);
  const offlineReads: OfflineRead[] = [];
  const drawn = await renderRequest.run({ fetchApi: options.fetchApi, offlineReads }, () => draw(options));
  if (drawn.kind !== 'page') return drawn;
  const state: FirstScreenState = {
    ...drawn.state,
    offlineReads,
    liveFrom: options.liveFrom,
    formats: formatSettings(),
  };
  return { kind: 'page', html: pageHtml(options.template, drawn.markup, state) };
}

type Drawn =
  | Exclude<FirstScreen, { kind: 'page' }>
  | { kind: 'page'; markup: string; state: Omit<FirstScreenState, 'offlineReads' | 'liveFrom'> };

async function draw({ url, signedIn, now }: { url: string; signedIn: boolean; now: Date }): Promise<Drawn> {
  const pathname = new URL(url, 'http://grip').pathname;
  const queryClient = createQueryClient();
  // Once, from the server, with no retries: a failure makes the browser draw the page instead.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const me: Me | null = signedIn ? await queryClient.fetchQuery(meQueryOptions) : null;
  if (!signedIn) queryClient.setQueryData(meQueryOptions.queryKey, null);

  const [match] = matchRoutes([...ROUTE_ACCESS], pathname) ?? [];
  if (match) {
    const redirect =
      match.route.path === '/auth'
        ? me && '/'
        : routeRedirect(
            match.route,
            pathname,
            me?.profile.role ?? null,
            me ? businessLandingPath(me.profile) : '/',
          );
    if (redirect) return { kind: 'redirect', location: redirect };
  }

  await loadFirstScreen(pathname, me !== null);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://grip')));
  if (context instanceof Response) return { kind: 'browser', reason: 'the router answered a response' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <Providers queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>
  );

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { result: markup, drawn, loading } = drawCollecting(() => drawAt(now, tree));
    const asked = queryClient.getQueryCache().getAll().filter(waitingToFetch);
    if (asked.length === 0 && loading.length === 0) {
      // A failed query would draw an error the browser then replaces by retrying: let it draw.
      const failed = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'error')
        .map((q) => `${q.queryHash}: ${(q.state.error as Error | null)?.message ?? ''}`);
      if (failed.length > 0) return { kind: 'browser', reason: `a query failed (${failed.join('; ')})` };
      return {
        kind: 'page',
        markup,
        state: {
          drawnAt: now.toISOString(),
          drawn,
          queries: dehydrate(queryClient, {
            shouldDehydrateQuery: (q) => q.state.status === 'success' && !isBrowserOnly(q),
          }),
        },
      };
    }
    await Promise.all([
      ...asked.map((query) => query.fetch().catch(() => undefined)),
      ...loading.map((load) => load.catch(() => undefined)),
    ]);
  }
  return { kind: 'browser', reason: `more than ${MAX_ROUNDS} rounds of data` };
}

/** One synchronous render at the time the screen is drawn at (see setRenderClock). */
function drawAt(now: Date, tree: ReactNode): string {
  setRenderClock(now);
  try {
    return renderToString(tree);
  } finally {
    setRenderClock(null);
  }
}

/**
 * A query the page asked for in this render that has not been fetched: on the server, hooks create
 * their queries (with their options) but never start them, as they do in an effect in the browser.
 */
function waitingToFetch(query: Query): boolean {
  const settled = query.state.dataUpdateCount + query.state.errorUpdateCount > 0;
  if (settled || query.state.fetchStatus !== 'idle') return false;
  if (query.options.queryFn === skipToken || isBrowserOnly(query)) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>([^<]*)<\/title>/g;

/**
 * The page in index.html: its markup in #root, its `<title>` (React draws it where the page is) in
 * the head instead of the app's, and the data after it. Replacement functions, so that a '$' in the
 * page's text is never read as a pattern.
 */
function pageHtml(template: string, markup: string, state: FirstScreenState): string {
  if (!template.includes(ROOT)) throw new Error('index.html has no empty #root to fill');
  const title = [...markup.matchAll(TITLE)].at(-1)?.[1];
  const page = markup.replace(TITLE, '');
  const html = template.replace(ROOT, () => `<div id="root">${page}</div>${firstScreenStateScript(state)}`);
  return title === undefined ? html : html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
}

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
