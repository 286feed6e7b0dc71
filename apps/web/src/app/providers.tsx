import { MOBILE_BREAKPOINT_PX } from '@grip/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { keepQueuedMessagesOf } from '@/features/messages/queue/queued-messages';
import { connectOfflineSession } from '@/lib/offline-session';
import { connectSessionExpiry } from '@/lib/query-client';
import { useMediaQuery } from '@/lib/use-media-query';

/** Toasts: top-centre on phones, bottom-right on desktop; successes 4 s (errors set 8 s themselves). */
function ResponsiveToaster() {
  const isDesktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  return (
    <Toaster
      position={isDesktop ? 'bottom-right' : 'top-center'}
      richColors
      closeButton
      duration={4000}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => connectSessionExpiry(queryClient), [queryClient]);
  useEffect(() => connectOfflineSession(queryClient, keepQueuedMessagesOf), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ResponsiveToaster />
    </QueryClientProvider>
  );
}
