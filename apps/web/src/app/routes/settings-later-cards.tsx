import { Suspense, type ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { preloadable } from '@/lib/preloadable';

// The settings pages' cards below the first screen (calendar feed, security, blocked accounts...):
// their code loads once the page has drawn, so neither /settings nor /business-settings carries it in
// its first load (docs/performance.md). The cards keep their order; until their code is here one
// placeholder stands where they go.

export const CalendarFeedCard = preloadable('settings calendar feed', () =>
  import('@/features/calendar/components/calendar-feed-card').then((m) => ({ default: m.CalendarFeedCard })),
);
export const DefaultLocationCard = preloadable('settings default location', () =>
  import('@/features/settings/components/default-location-card').then((m) => ({
    default: m.DefaultLocationCard,
  })),
);
export const PaymentMethodsCard = preloadable('settings payment methods', () =>
  import('@/features/settings/components/payment-methods-card').then((m) => ({
    default: m.PaymentMethodsCard,
  })),
);
export const SecurityCard = preloadable('settings security', () =>
  import('@/features/settings/components/security-card').then((m) => ({ default: m.SecurityCard })),
);
export const BlockedAccountsCard = preloadable('settings blocked accounts', () =>
  import('@/features/moderation/components/blocked-accounts-card').then((m) => ({
    default: m.BlockedAccountsCard,
  })),
);
export const GrantSelfAdminCard = preloadable('settings grant admin', () =>
  import('@/features/admin/components/grant-self-admin').then((m) => ({ default: m.GrantSelfAdminCard })),
);
export const ArchiveManagementCard = preloadable('settings archive', () =>
  import('@/features/my-requests/components/archive-management-card').then((m) => ({
    default: m.ArchiveManagementCard,
  })),
);
export const ViewHistoryCard = preloadable('settings view history', () =>
  import('@/features/settings/components/view-history-card').then((m) => ({ default: m.ViewHistoryCard })),
);
export const AppearanceCard = preloadable('settings appearance', () =>
  import('@/components/theme/appearance-card').then((m) => ({ default: m.AppearanceCard })),
);
export const SignOutCard = preloadable('settings sign out', () =>
  import('@/features/settings/components/sign-out-card').then((m) => ({ default: m.SignOutCard })),
);
export const DeleteAccountCard = preloadable('settings delete account', () =>
  import('@/features/settings/components/delete-account-card').then((m) => ({
    default: m.DeleteAccountCard,
  })),
);
export const ReviewsCard = preloadable('settings reviews', () =>
  import('@/features/two-way-reviews/components/reviews-card').then((m) => ({ default: m.ReviewsCard })),
);
export const NotificationsCard = preloadable('settings notifications', () =>
  import('@/features/settings/components/notifications-card').then((m) => ({ default: m.NotificationsCard })),
);
export const PushOptInCard = preloadable('settings push', () =>
  import('@/features/push/components/push-opt-in-card').then((m) => ({ default: m.PushOptInCard })),
);
export const AccountDetailsCard = preloadable('settings account details', () =>
  import('@/features/settings/components/account-details-card').then((m) => ({
    default: m.AccountDetailsCard,
  })),
);

/** The cards below the first screen, with one placeholder in their place until their code is here. */
export function LaterCards({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Card aria-busy="true" data-testid="settings-cards-loading">
          <CardContent className="grid gap-3 pt-6">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-9 w-full" />
          </CardContent>
        </Card>
      }
    >
      {children}
    </Suspense>
  );
}
