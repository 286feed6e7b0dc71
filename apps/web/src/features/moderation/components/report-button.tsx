import { MODERATION_MESSAGES, REPORT_TARGET_LABELS, type ReportTarget } from '@grip/domain';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { preloadReportForm, ReportDialog } from './report-dialog';

interface ReportButtonProps {
  targetKind: ReportTarget;
  targetId: string;
  /** 'icon': a small flag (cards); 'text': the flag and the word Report. */
  look?: 'icon' | 'text';
  className?: string;
}

/**
 * Report one thing (issue 32): a request on the business's feed, a review where reviews are shown.
 * The button's name says what is reported ("Report this request").
 */
export function ReportButton({ targetKind, targetId, look = 'icon', className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const name = `${MODERATION_MESSAGES.report} this ${REPORT_TARGET_LABELS[targetKind]}`;
  return (
    <>
      <Button
        variant="ghost"
        size={look === 'icon' ? 'icon' : 'sm'}
        aria-label={look === 'icon' ? name : undefined}
        title={name}
        className={cn(look === 'icon' && 'size-8 text-muted-foreground', className)}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadReportForm}
        onFocus={preloadReportForm}
      >
        <Flag aria-hidden="true" className="size-4" />
        {look === 'text' ? MODERATION_MESSAGES.report : null}
      </Button>
      <ReportDialog
        open={open}
        onOpenChange={setOpen}
        title={name}
        targets={[{ kind: targetKind, id: targetId, label: name }]}
      />
    </>
  );
}
