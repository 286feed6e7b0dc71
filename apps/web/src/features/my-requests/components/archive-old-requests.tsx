import { ARCHIVE_AGE_DAYS, DEFAULT_ARCHIVE_AGE_DAYS } from '@grip/domain';
import { Archive } from 'lucide-react';
import { useId, useState } from 'react';
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
import { useArchiveOldRequests, type ArchiveAgeDays } from '../api/archive-old-requests';

function ageLabel(days: ArchiveAgeDays): string {
  if (days === 0) return 'All';
  return days === 1 ? '1 day' : `${days} days`;
}

function isArchiveAge(value: number): value is ArchiveAgeDays {
  return (ARCHIVE_AGE_DAYS as readonly number[]).includes(value);
}

/** Archives every request older than the chosen age (0 = all), after a confirmation. */
export function ArchiveOldRequests() {
  const selectId = useId();
  const [daysOld, setDaysOld] = useState<ArchiveAgeDays>(DEFAULT_ARCHIVE_AGE_DAYS);
  const [isConfirming, setConfirming] = useState(false);
  const archiveOld = useArchiveOldRequests();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Archive old requests</CardTitle>
        <CardDescription>
          Tidy your lists. Archived requests are hidden from businesses, and you can restore them at any time.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5 sm:w-56">
          <Label htmlFor={selectId}>Older than</Label>
          <NativeSelect
            id={selectId}
            value={daysOld}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (isArchiveAge(value)) setDaysOld(value);
            }}
          >
            {ARCHIVE_AGE_DAYS.map((days) => (
              <option key={days} value={days}>
                {ageLabel(days)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Archive aria-hidden="true" className="size-4" />
          Archive old requests
        </Button>
      </CardContent>
      <Dialog open={isConfirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Archive old requests?</DialogTitle>
            <DialogDescription>
              {daysOld === 0
                ? 'All your requests will be archived.'
                : `Your requests older than ${ageLabel(daysOld)} will be archived.`}{' '}
              Businesses will no longer see them. You can restore any of them from Archived requests.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              isLoading={archiveOld.isPending}
              onClick={() => archiveOld.mutate(daysOld, { onSettled: () => setConfirming(false) })}
            >
              Archive
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
