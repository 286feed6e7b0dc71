import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { keepQueuedMessagesOf } from '@/features/messages/queue/queued-messages';
import { connectOfflineSession } from '@/lib/offline-session';
import { connectSessionExpiry } from '@/lib/query-client';
import { useHydrated } from '@/lib/use-hydrated';

// Not in the first load of any page: the toaster arrives just after it, with the toast library.
const ResponsiveToaster = lazy(() => import('@/components/layout/toaster'));

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => connectSessionExpiry(queryClient), [queryClient]);
  useEffect(() => connectOfflineSession(queryClient, keepQueuedMessagesOf), [queryClient]);
  // Toasts only ever appear in the browser; not part of a server-rendered screen.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {hydrated && (
        <Suspense fallback={null}>
          <ResponsiveToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
