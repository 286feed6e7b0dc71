import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

/** The Response detail's shape while its code or its offer loads (titled, as every dialog must be). */
export function OfferLoading() {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Offer details</DialogTitle>
        <DialogDescription className="sr-only">A business's offer on your request.</DialogDescription>
      </DialogHeader>
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading the offer</span>
        <div className="flex items-center gap-3">
          <Skeleton className="size-11 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </>
  );
}
