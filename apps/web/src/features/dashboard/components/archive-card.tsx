import { ARCHIVE_AGE_DAYS, DEFAULT_ARCHIVE_AGE_DAYS } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { queryKeys } from '@/lib/query-keys';
import { archiveOldResponses } from '../api/archive-old';

const ageLabel = (days: number) =>
  days === 0 ? 'All responses' : `Older than ${days} ${days === 1 ? 'day' : 'days'}`;

/** Archive Management (spec 3 §6): archive this business's own responses by age; live jobs stay. */
export function ArchiveCard() {
  const selectId = useId();
  const [daysOld, setDaysOld] = useState<number>(DEFAULT_ARCHIVE_AGE_DAYS);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const archive = useMutation({
    mutationFn: () => archiveOldResponses(daysOld),
    onSuccess: async (archived) => {
      setConfirming(false);
      toast.success('Business Data Archived', {
        description: `${archived} ${archived === 1 ? 'response' : 'responses'} archived.`,
      });
      // Archived responses leave the dashboard and the business's lists.
      await queryClient.invalidateQueries({ queryKey: queryKeys.business });
    },
    onError: () => {
      toast.error('Archive Failed', { description: 'Failed to archive business data. Please try again.' });
    },
  });

  return (
    <Card aria-labelledby="archive-card-title" role="region">
      <CardHeader>
        <CardTitle id="archive-card-title">Archive Management</CardTitle>
        <CardDescription>
          Archive your old responses to keep the dashboard tidy. Jobs still in progress are never archived.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor={selectId}>Archive responses</Label>
          <NativeSelect id={selectId} value={daysOld} onChange={(e) => setDaysOld(Number(e.target.value))}>
            {ARCHIVE_AGE_DAYS.map((days) => (
              <option key={days} value={days}>
                {ageLabel(days)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Archive aria-hidden="true" className="size-4" />
          Archive
        </Button>
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Archive old responses?</DialogTitle>
            <DialogDescription>
              {daysOld === 0
                ? 'All your responses will be archived, except jobs still in progress.'
                : `Your responses older than ${daysOld} ${daysOld === 1 ? 'day' : 'days'} will be archived, except jobs still in progress.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={archive.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button isLoading={archive.isPending} onClick={() => archive.mutate()}>
              Archive Responses
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
