import {
  MODERATION_MESSAGES,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ReportInputSchema,
} from '@grip/domain';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useSendReport } from '../api/reports-api';

import type { ReportDialogProps } from './report-dialog';

interface ReportValues {
  /** The index of the chosen target, '' while none is. */
  target: string;
  reason: string;
  note: string;
}

export function ReportForm({ title, targets, onClose }: ReportDialogProps & { onClose: () => void }) {
  const schema = formSchema(
    (v: ReportValues) => {
      const target = v.target === '' ? undefined : targets[Number(v.target)];
      return { targetKind: target?.kind, targetId: target?.id, reason: v.reason, note: v.note };
    },
    ReportInputSchema,
    { targetKind: 'target', targetId: 'target' },
  );
  const form = useZodForm(schema, {
    defaultValues: { target: targets.length === 1 ? '0' : '', reason: '', note: '' },
    serverFields: ['reason', 'note'],
  });
  const { errors, isSubmitting } = form.formState;
  const [reason, note] = useWatch({ control: form.control, name: ['reason', 'note'] });
  // A 400 puts its words under the fields; any other failure is the mutation's toast.
  const send = useSendReport(onClose);
  const isSending = isSubmitting || send.isPending;
  const onSubmit = form.submit((data) => send.mutateAsync(data));

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{MODERATION_MESSAGES.reportPrivacy}</DialogDescription>
      </DialogHeader>
      {targets.length > 1 ? (
        <Field label={MODERATION_MESSAGES.reportWhat} error={errors.target?.message}>
          <NativeSelect disabled={isSending} {...form.register('target')}>
            <option value="">Choose what to report</option>
            {targets.map((t, i) => (
              <option key={`${t.kind}-${t.id}`} value={String(i)}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field label={MODERATION_MESSAGES.reasonLabel} error={errors.reason?.message}>
        <NativeSelect disabled={isSending} {...form.register('reason', { deps: 'note' })}>
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
        error={errors.note?.message}
      >
        <Textarea
          rows={3}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          disabled={isSending}
          {...form.register('note')}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={isSending}>
          {MODERATION_MESSAGES.reportCancel}
        </Button>
        <Button type="submit" variant="destructive" isLoading={isSending}>
          {MODERATION_MESSAGES.reportSend}
        </Button>
      </DialogFooter>
    </form>
  );
}
