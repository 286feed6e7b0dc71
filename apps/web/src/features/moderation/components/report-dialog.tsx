import {
  MODERATION_MESSAGES,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ReportInputSchema,
  type ReportTarget,
} from '@grip/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { useSendReport } from '../api/reports-api';

/** One thing the dialog can report: an account, a message, a request or a review. */
export interface ReportTargetOption {
  kind: ReportTarget;
  id: string;
  /** How it reads in the "What are you reporting?" list. */
  label: string;
}

interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What may be reported from here; with more than one, the reporter chooses. */
  targets: readonly ReportTargetOption[];
}

type Errors = { target?: string; reason?: string; note?: string };

/**
 * Report (issue 32): what, why from a short list, and words of one's own ("Something else" needs
 * them). The reported person is not told who reported them; an administrator reads it.
 */
export function ReportDialog(props: ReportDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts empty. */}
        {props.open ? <ReportForm {...props} onClose={() => props.onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ title, targets, onClose }: ReportDialogProps & { onClose: () => void }) {
  const [targetIndex, setTargetIndex] = useState(targets.length === 1 ? '0' : '');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendReport(onClose);
  const serverFields = isApiError(send.error) ? send.error.fields : undefined;
  const shown: Errors = {
    target: errors.target,
    reason: errors.reason ?? serverFields?.reason,
    note: errors.note ?? serverFields?.note,
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const target = targetIndex === '' ? undefined : targets[Number(targetIndex)];
    const parsed = ReportInputSchema.safeParse({
      targetKind: target?.kind,
      targetId: target?.id,
      reason,
      note,
    });
    if (!target || !parsed.success) {
      const byField: Errors = target ? {} : { target: MODERATION_MESSAGES.targetRequired };
      for (const issue of parsed.error?.issues ?? []) {
        const field = issue.path[0];
        if (field === 'reason') byField.reason ??= MODERATION_MESSAGES.reasonRequired;
        if (field === 'note') byField.note ??= issue.message;
      }
      setErrors(byField);
      return;
    }
    send.mutate({ ...parsed.data });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{MODERATION_MESSAGES.reportPrivacy}</DialogDescription>
      </DialogHeader>
      {targets.length > 1 ? (
        <Field label={MODERATION_MESSAGES.reportWhat} error={shown.target}>
          <NativeSelect
            value={targetIndex}
            disabled={send.isPending}
            onChange={(event) => {
              setTargetIndex(event.currentTarget.value);
              setErrors({ ...errors, target: undefined });
            }}
          >
            <option value="">Choose what to report</option>
            {targets.map((t, i) => (
              <option key={`${t.kind}-${t.id}`} value={String(i)}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field label={MODERATION_MESSAGES.reasonLabel} error={shown.reason}>
        <NativeSelect
          value={reason}
          disabled={send.isPending}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors({ ...errors, reason: undefined, note: undefined });
          }}
        >
          <option value="">{MODERATION_MESSAGES.reasonPlaceholder}</option>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASON_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label={
          reason === 'other' ? MODERATION_MESSAGES.noteRequiredLabel : MODERATION_MESSAGES.noteOptionalLabel
        }
        hint={`${note.length}/${REPORT_NOTE_MAX_LENGTH}`}
        error={shown.note}
      >
        <Textarea
          value={note}
          rows={3}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          disabled={send.isPending}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            if (errors.note) setErrors({ ...errors, note: undefined });
          }}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={send.isPending}>
          {MODERATION_MESSAGES.reportCancel}
        </Button>
        <Button type="submit" variant="destructive" isLoading={send.isPending}>
          {MODERATION_MESSAGES.reportSend}
        </Button>
      </DialogFooter>
    </form>
  );
}
