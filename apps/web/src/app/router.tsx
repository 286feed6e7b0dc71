import { ROUTE_ACCESS } from '@grip/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteGuard, SignedOutOnly } from '@/features/auth/components/route-guards';
import { RootLayout, RouteError, ShellLayout } from './layouts';
import IndexPage from './routes/index';

type Page = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * One page per URL of the route table (spec 1 §2), keyed by ROUTE_ACCESS path, each loaded lazily.
 * `/` itself is a tiny switch (landing page or customer home) that lazy-loads the one it needs.
 */
export const PAGES: Record<string, Page> = {
  '/auth': lazy(() => import('./routes/auth')),
  '/': IndexPage,
  '/home': lazy(() => import('./routes/home')),
  '/requests': lazy(() => import('./routes/requests')),
  '/responses': lazy(() => import('./routes/responses')),
  '/messages': lazy(() => import('./routes/messages')),
  '/confirmed': lazy(() => import('./routes/confirmed')),
  '/history': lazy(() => import('./routes/history')),
  '/settings': lazy(() => import('./routes/settings')),
  '/notifications': lazy(() => import('./routes/notifications')),
  '/conversation/:responseId': lazy(() => import('./routes/conversation')),
  '/business-requests': lazy(() => import('./routes/business-requests')),
  '/business-active': lazy(() => import('./routes/business-active')),
  '/business-confirmed': lazy(() => import('./routes/business-confirmed')),
  '/business-settings': lazy(() => import('./routes/business-settings')),
  '/business-registration': lazy(() => import('./routes/business-registration')),
  '/business-dashboard': lazy(() => import('./routes/business-dashboard')),
  '/respond/:requestId': lazy(() => import('./routes/respond')),
  '/admin': lazy(() => import('./routes/admin')),
  '/admin-test-request': lazy(() => import('./routes/admin-test-request')),
};

const NotFoundPage = lazy(() => import('./routes/not-found'));

function pageFor(path: string): Page {
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
