import {
  HandleReportInputSchema,
  MODERATION_MESSAGES,
  REPORT_ACTION_TEXTS,
  REPORT_NOTE_MAX_LENGTH,
  WARNING_MAX_LENGTH,
} from '@grip/domain';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useHandleReport } from '../api/report-queue-api';
import type { Pending } from './report-queue';

const ERROR_TOAST_MS = 8000;

export function HandleForm({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { report, action } = pending;
  const texts = REPORT_ACTION_TEXTS[action];
  const handle = useHandleReport();
  const schema = formSchema(
    (v: { message: string; note: string }) => ({ action, ...v }),
    HandleReportInputSchema,
  );
  const form = useZodForm(schema, {
    defaultValues: { message: '', note: '' },
    serverFields: ['message', 'note'],
  });
  const { errors, isSubmitting } = form.formState;
  const [message, note] = useWatch({ control: form.control, name: ['message', 'note'] });
  const isSending = isSubmitting || handle.isPending;
  const name = report.reportedUser?.name ?? 'this account';

  const onSubmit = form.submit(
    (input) =>
      new Promise<void>((resolve, reject) =>
        handle.mutate(
          { id: report.id, input },
          {
            onSuccess: () => {
              toast.success(texts.done, { description: name });
              onClose();
              resolve();
            },
            onError: (error) => {
              // A 400's words go under its fields; anything else is a toast.
              if (!(isApiError(error) && error.fields)) {
                const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
                toast.error(MODERATION_MESSAGES.handleFailed, {
                  description: isRefusal ? error.message : undefined,
                  duration: ERROR_TOAST_MS,
                });
                // Handled meanwhile, or refused by the account's state: the queue reads again.
                if (isApiError(error) && (error.status === 409 || error.status === 404)) onClose();
              }
              reject(error);
            },
          },
        ),
      ),
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>{texts.description}</DialogDescription>
      </DialogHeader>
      {action === 'warn' ? (
        <Field
          label={`Warning to ${name}`}
          hint={`${message.length}/${WARNING_MAX_LENGTH}`}
          error={errors.message?.message}
        >
          <Textarea
            rows={3}
            maxLength={WARNING_MAX_LENGTH}
            disabled={isSending}
            {...form.register('message')}
          />
        </Field>
      ) : null}
      <Field
        label={action === 'suspend' ? 'Why (kept in the audit log)' : 'Note for the audit log (optional)'}
        hint={`${note.length}/${REPORT_NOTE_MAX_LENGTH}`}
        error={errors.note?.message}
      >
        <Textarea
          rows={2}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          disabled={isSending}
          {...form.register('note')}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={action === 'suspend' ? 'destructive' : 'primary'}
          isLoading={isSending}
        >
          {texts.button}
        </Button>
      </DialogFooter>
    </form>
  );
}
