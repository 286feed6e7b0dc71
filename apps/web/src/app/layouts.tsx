import { RotateCcw } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { InstallBanner } from '@/components/layout/install-banner';
import { OfflineAlert } from '@/components/layout/offline-alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/api/get-me';
import { preloadable } from '@/lib/preloadable';

/** Around every page: the offline alert, the install banner and a fallback while a page's code loads. */
export function RootLayout() {
  return (
    <>
      <OfflineAlert />
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <InstallBanner />
      <ScrollRestoration />
    </>
  );
}

/** The shell (top bar, menus, navigation) is only needed once signed in, so visitors never download it. */
const AppShell = preloadable('app-shell', () => import('./shell/app-shell'));
export const loadAppShell = AppShell.preload;

/** The signed-in frame around app pages; visitors get the bare page (the landing page, or a redirect). */
export function ShellLayout() {
  const { me, isPending } = useSession();
  if (isPending) return <FullPageSpinner />;
  if (!me) return <Outlet />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppShell me={me}>
        <Outlet />
      </AppShell>
    </Suspense>
  );
}

/** A page failed to render or its code failed to load (often after a new version was deployed). */
export function RouteError() {
  const error = useRouteError();
  console.warn('Route error', error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-sm text-muted-foreground">
        This page couldn't be shown. Reloading usually fixes it.
      </p>
      <Button onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Reload
      </Button>
    </main>
  );
}
