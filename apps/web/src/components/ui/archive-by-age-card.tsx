import { ARCHIVE_AGE_DAYS, DEFAULT_ARCHIVE_AGE_DAYS } from '@grip/domain';
import { Archive } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
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

export type ArchiveAgeDays = (typeof ARCHIVE_AGE_DAYS)[number];

const isArchiveAge = (value: number): value is ArchiveAgeDays =>
  (ARCHIVE_AGE_DAYS as readonly number[]).includes(value);

/** What one Archive Management card says: a business archives responses, a customer requests. */
export interface ArchiveByAgeTexts {
  title: string;
  description: string;
  selectLabel: string;
  ageLabel: (days: ArchiveAgeDays) => string;
  action: string;
  confirmTitle: string;
  confirmDescription: (days: ArchiveAgeDays) => string;
  confirmAction: string;
}

interface ArchiveByAgeCardProps {
  texts: ArchiveByAgeTexts;
  isPending: boolean;
  /** Archives what is at least `days` old (0 = all); calls `close` once it worked, to close the confirmation. */
  onArchive: (days: ArchiveAgeDays, close: () => void) => void;
  /** Below the controls, e.g. the result of the last archive. */
  children?: ReactNode;
}

/**
 * Archive Management (spec 1 §9 ages: 0 = all, 1, 3, 7, 30, 90; 90 by default): choose an age,
 * confirm, archive. The caller's mutation says how it went (toasts) and what to refresh.
 */
export function ArchiveByAgeCard({ texts, isPending, onArchive, children }: ArchiveByAgeCardProps) {
  const titleId = useId();
  const selectId = useId();
  const [daysOld, setDaysOld] = useState<ArchiveAgeDays>(DEFAULT_ARCHIVE_AGE_DAYS);
  const [confirming, setConfirming] = useState(false);

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{texts.title}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5 sm:w-64">
            <Label htmlFor={selectId}>{texts.selectLabel}</Label>
            <NativeSelect
              id={selectId}
              value={daysOld}
              onChange={(e) => {
                const value = Number(e.target.value);
                if (isArchiveAge(value)) setDaysOld(value);
              }}
            >
              {ARCHIVE_AGE_DAYS.map((days) => (
                <option key={days} value={days}>
                  {texts.ageLabel(days)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Archive aria-hidden="true" className="size-4" />
            {texts.action}
          </Button>
        </div>
        {children}
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{texts.confirmTitle}</DialogTitle>
            <DialogDescription>{texts.confirmDescription(daysOld)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button isLoading={isPending} onClick={() => onArchive(daysOld, () => setConfirming(false))}>
              {texts.confirmAction}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
