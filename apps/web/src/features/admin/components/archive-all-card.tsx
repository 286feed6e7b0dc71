import { ADMIN_OVERVIEW_MESSAGES } from '@grip/domain';
import { Archive } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useAdminStats, useArchiveAllRequests } from '../api/overview';

/**
 * Archive All Requests (spec 3 Admin dashboard): archives every open, unarchived request after a
 * confirmation that says how many (from the stat cards' Active Requests).
 */
export function ArchiveAllCard() {
  const stats = useAdminStats();
  const archive = useArchiveAllRequests();
  const [isOpen, setIsOpen] = useState(false);
  const count = stats.data?.activeRequests;

  const start = () => {
    if (count === 0) {
      toast.info(ADMIN_OVERVIEW_MESSAGES.nothingToArchive);
      return;
    }
    setIsOpen(true);
  };

  const confirm = () => {
    archive.mutate(undefined, {
      onSuccess: ({ archived }) => {
        setIsOpen(false);
        if (archived === 0) toast.info(ADMIN_OVERVIEW_MESSAGES.nothingToArchive);
        else toast.success(ADMIN_OVERVIEW_MESSAGES.archived(archived));
      },
      onError: () => toast.error(ADMIN_OVERVIEW_MESSAGES.archiveFailed),
    });
  };

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>Archive All Requests</CardTitle>
        <CardDescription>
          Archive every open request at once. Businesses stop seeing them; booked jobs are not touched.
        </CardDescription>
      </CardHeader>
      <CardContent className="mt-auto grid gap-3">
        {count === undefined ? null : (
          <p className="text-sm tabular-nums">
            {count === 0
              ? ADMIN_OVERVIEW_MESSAGES.nothingToArchive
              : `${count} active ${count === 1 ? 'request' : 'requests'} right now.`}
          </p>
        )}
        <Button variant="destructive-outline" className="w-full sm:w-auto" onClick={start}>
          <Archive aria-hidden="true" className="size-4" />
          Archive All Requests
        </Button>
      </CardContent>
      <Dialog open={isOpen} onOpenChange={(open) => !archive.isPending && setIsOpen(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Archive all active requests?</DialogTitle>
            <DialogDescription>
              {count === undefined
                ? 'Every open request that is not archived yet will be archived.'
                : `${count} open ${count === 1 ? 'request' : 'requests'} will be archived.`}{' '}
              Businesses will no longer see them and customers will find them under their archived requests.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={archive.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" isLoading={archive.isPending} onClick={confirm}>
              Archive requests
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
