import type { Me } from '@grip/domain';
import { Suspense, type ReactNode } from 'react';
import { QueuedMessageSender } from '@/features/messages/queue/queued-message-sender';
import { useLiveNotificationToasts } from '@/features/notifications/hooks/use-live-notification-toasts';
import { ReviewDialogHost } from '@/features/reviews/components/review-dialog-host';
import { useLiveUpdates } from '@/lib/use-live-updates';
import { PageSkeleton } from '@/components/layout/page';
import { MainNav } from './main-nav';
import { TopBar } from './top-bar';

/**
 * The signed-in frame: skip link, top bar, the role's navigation and the page, with the review dialog
 * that every page can open (spec 1 §2).
 */
export default function AppShell({ me, children }: { me: Me; children: ReactNode }) {
  return (
    <ReviewDialogHost>
      <LiveUpdates userId={me.user.id} />
      <QueuedMessageSender userId={me.user.id} />
      <div className="min-h-dvh">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to main content
        </a>
        <TopBar me={me} />
        <MainNav role={me.profile.role} />
        <main
          id="main"
          tabIndex={-1}
          className="pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none lg:pb-8 lg:pl-60"
        >
          {/* Phones and tablets: one readable column. From 1024 px pages use the width beside the
              rail (list and detail side by side, two-column forms), up to 80rem for readability. */}
          <div className="mx-auto w-full max-w-3xl px-4 pt-5 sm:px-6 lg:max-w-7xl lg:px-8">
            <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
          </div>
        </main>
      </div>
    </ReviewDialogHost>
  );
}

/** The tab's live stream, and a toast for each notification it brings (inside the review dialog host). */
function LiveUpdates({ userId }: { userId: string }) {
  useLiveUpdates(userId, useLiveNotificationToasts());
  return null;
}
