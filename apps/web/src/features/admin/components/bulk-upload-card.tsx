import {
  BULK_BUSINESS_COLUMNS,
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MESSAGES,
  bulkUploadSummary,
  isCsvFileName,
  type BulkUploadFailure,
  type BulkUploadResult,
} from '@grip/domain';
import { Download, FileUp } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { BulkUploadError, downloadSampleCsv, useBulkUpload } from '../api/bulk-upload';

type Outcome =
  | { kind: 'result'; result: BulkUploadResult }
  | { kind: 'rejected'; message: string; failed: BulkUploadFailure[] };

/**
 * Bulk business upload (spec 3 Admin dashboard, §5 and §8): an administrator picks a .csv file and
 * the server creates one business account per valid row. The card shows the upload's progress, then
 * how many businesses were created and, for 'Completed with errors', which rows failed and why.
 */
export function BulkUploadCard() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const upload = useBulkUpload(setProgress);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setOutcome(null);
    if (chosen && !isCsvFileName(chosen.name)) {
      setFile(null);
      setFileError(BULK_UPLOAD_MESSAGES.invalidFileType);
      toast.error(BULK_UPLOAD_MESSAGES.invalidFileTypeTitle, {
        description: BULK_UPLOAD_MESSAGES.invalidFileType,
      });
      event.target.value = '';
      return;
    }
    if (chosen && chosen.size > BULK_UPLOAD_MAX_BYTES) {
      setFile(null);
      setFileError(BULK_UPLOAD_MESSAGES.tooLarge);
      event.target.value = '';
      return;
    }
    setFileError(undefined);
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(BULK_UPLOAD_MESSAGES.noFile);
      return;
    }
    setOutcome(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (result) => {
        setOutcome({ kind: 'result', result });
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
        const description = bulkUploadSummary(result);
        if (result.failed.length > 0) {
          toast.warning(BULK_UPLOAD_MESSAGES.completedWithErrorsTitle, { description });
        } else {
          toast.success(BULK_UPLOAD_MESSAGES.successTitle, { description });
        }
      },
      onError: (error) => {
        if (error instanceof BulkUploadError && error.message === BULK_UPLOAD_MESSAGES.noValidBusinesses) {
          setOutcome({ kind: 'rejected', message: error.message, failed: error.failed });
          toast.error(BULK_UPLOAD_MESSAGES.noValidBusinesses, { duration: 8000 });
          return;
        }
        if (isApiError(error) && error.message === BULK_UPLOAD_MESSAGES.invalidFileType) {
          setFileError(error.message);
          toast.error(BULK_UPLOAD_MESSAGES.invalidFileTypeTitle, { description: error.message });
          return;
        }
        // The server's own words for a refused file (too large, too many rows, a broken line);
        // the spec's text for everything else.
        const isRefusal = isApiError(error) && (error.status === 400 || error.status === 413);
        const description = isRefusal ? error.message : BULK_UPLOAD_MESSAGES.uploadFailed;
        setOutcome({ kind: 'rejected', message: description, failed: [] });
        toast.error(BULK_UPLOAD_MESSAGES.uploadFailedTitle, { description, duration: 8000 });
      },
    });
  };

  const isBusy = upload.isPending;
  const isSending = isBusy && progress < 99;

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{BULK_UPLOAD_MESSAGES.cardTitle}</CardTitle>
        <CardDescription>{BULK_UPLOAD_MESSAGES.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto grid gap-4">
        <details className="text-sm text-muted-foreground">
          <summary className="cursor-pointer font-medium text-foreground">Columns, in order</summary>
          <p className="mt-2 break-words">
            {BULK_BUSINESS_COLUMNS.join(', ')}. Email, password, business_name and service_categories are
            required; separate several categories or notification preferences with semicolons. Service area
            defaults to 25 km and notification preferences to email.
          </p>
        </details>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <Field label={BULK_UPLOAD_MESSAGES.chooseFile} error={fileError}>
            <Input
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              onChange={choose}
              disabled={isBusy}
              className="h-auto file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
            />
          </Field>
          {isBusy ? (
            <div className="grid gap-1.5" aria-live="polite">
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${progress}%` }}
                />
              </div>
              <p className="text-sm text-muted-foreground tabular-nums">
                {isSending
                  ? `${BULK_UPLOAD_MESSAGES.uploading} ${progress}%`
                  : BULK_UPLOAD_MESSAGES.processing}
              </p>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" isLoading={isBusy} disabled={!file}>
              {isBusy ? null : <FileUp aria-hidden="true" className="size-4" />}
              {BULK_UPLOAD_MESSAGES.upload}
            </Button>
            <Button type="button" variant="link" onClick={downloadSampleCsv}>
              <Download aria-hidden="true" className="size-4" />
              {BULK_UPLOAD_MESSAGES.downloadSample}
            </Button>
          </div>
        </form>
        {outcome ? <OutcomeView outcome={outcome} /> : null}
      </CardContent>
    </Card>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'rejected') {
    return (
      <Alert tone="danger" role="alert" className="grid gap-2">
        <p className="font-semibold">{outcome.message}</p>
        {outcome.failed.length > 0 ? <FailedRows failed={outcome.failed} /> : null}
      </Alert>
    );
  }
  const { result } = outcome;
  const hasErrors = result.failed.length > 0;
  return (
    <Alert tone={hasErrors ? 'warning' : 'info'} role="status" className="grid gap-2">
      <p className="font-semibold">
        {hasErrors ? BULK_UPLOAD_MESSAGES.completedWithErrorsTitle : BULK_UPLOAD_MESSAGES.successTitle}
      </p>
      <p className="tabular-nums">{bulkUploadSummary(result)}</p>
      {hasErrors ? <FailedRows failed={result.failed} /> : null}
    </Alert>
  );
}

function FailedRows({ failed }: { failed: BulkUploadFailure[] }) {
  return (
    <div className="grid gap-1">
      <p className="font-medium">{BULK_UPLOAD_MESSAGES.failedRowsHeading}</p>
      <ul aria-label={BULK_UPLOAD_MESSAGES.failedRowsHeading} className="max-h-64 overflow-y-auto pr-1">
        {failed.map((row) => (
          <li key={`${row.line}-${row.email}`} className="border-t border-current/10 py-1 first:border-t-0">
            <span className="font-medium tabular-nums">Line {row.line}</span>
            {row.email ? <span className="break-all"> · {row.email}</span> : null}
            <span> — {row.error}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
