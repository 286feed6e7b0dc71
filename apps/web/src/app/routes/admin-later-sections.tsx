import { Suspense, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { preloadable } from '@/lib/preloadable';

// /admin's parts below the first screen (bulk upload, test tools, notification deliveries): their
// code loads once the page has drawn, so the dashboard's first load stays within its budget
// (docs/performance.md).

export const BulkUploadCard = preloadable('admin bulk upload', () =>
  import('@/features/admin/components/bulk-upload-card').then((m) => ({ default: m.BulkUploadCard })),
);
export const TestTools = preloadable('admin test tools', () =>
  import('@/features/admin/components/test-tools').then((m) => ({ default: m.TestTools })),
);
export const DeliveriesSection = preloadable('admin deliveries', () =>
  import('@/features/admin/components/deliveries-section').then((m) => ({ default: m.DeliveriesSection })),
);

/** One part loaded after the page has drawn, a placeholder in its place meanwhile. */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full rounded-lg" />}>{children}</Suspense>;
}
