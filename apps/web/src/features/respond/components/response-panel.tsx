import {
  acceptAsIsDefaults,
  formatCurrency,
  localIsoDate,
  PRICE_TYPES,
  RESPONSE_MESSAGE_MIN_LENGTH,
  RESPONSE_MESSAGES,
  TERMS_MESSAGES,
  type BusinessRequestDetail,
  type ResponseData,
  type ResponseInput,
  OFFER_TIME_SLOTS,
  withCurrency,
} from '@grip/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ChangeAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSingleFlight } from '@/lib/use-single-flight';
import { RequestTerms } from '@/features/requests/components/request-terms';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { useImageUploads } from '@/features/uploads/hooks/use-image-uploads';
import { isApiError } from '@/lib/api-client';
import { isTermsChanged } from '@/lib/terms-changed';
import { useHeldTerms } from '@/lib/use-held-terms';
import { submitResponse } from '../api/submit-response';
import { initialFormValues, respondFormSchema, type RespondFormValues } from '../respond-form-values';
import { queryKeys } from '@/lib/query-keys';

const PRICE_TYPE_LABELS: Record<(typeof PRICE_TYPES)[number], string> = {
  fixed: 'Fixed price',
  hourly: 'Hourly rate',
  range: 'Price range',
};

const FORM_FIELDS = new Set<keyof RespondFormValues>([
  'message',
  'quotedPrice',
  'priceType',
  'availabilityDate',
  'availabilityTime',
  'estimatedDuration',
  'termsConditions',
]);

/**
 * 'Your Response' (spec 3 §2): read-only until Custom Response is chosen. Accept As-Is sends the
 * spec's defaults after a confirmation; Custom Response opens the editable quote.
 */
export function ResponsePanel({
  request,
  cancelTo = '/business-requests',
}: {
  request: BusinessRequestDetail;
  /** Where Cancel leads: back where the business came from. */
  cancelTo?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = localIsoDate(new Date());
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isSending, setIsSending] = useState(false);
  // The server's words when the customer changed the request under this page (decision 019).
  const [changed, setChanged] = useState<string | null>(null);
  // A live refresh that brings another version of the request is flagged, never taken silently.
  const page = useHeldTerms(request, (r) => r.termsVersion);
  const defaults = useMemo(() => acceptAsIsDefaults(request, today), [request, today]);
  const uploads = useImageUploads({ purpose: 'response_image' });
  const schema = useMemo(() => respondFormSchema(today), [today]);
  const form = useForm<RespondFormValues, unknown, ResponseData>({
    resolver: zodResolver(schema),
    defaultValues: initialFormValues(request, today),
  });
  const { errors } = form.formState;

  /**
   * Sends the quote naming the request as the screen sending it shows it (decision 019). If the
   * customer changed it meanwhile nothing is sent: the page reads the request again (the summary and
   * the Accept As-Is terms follow), says so in place and answers 'changed'; sending again answers the
   * new version.
   */
  const submit = async (
    input: ResponseInput,
    requestVersion: string,
  ): Promise<'sent' | 'changed' | 'failed'> => {
    setIsSending(true);
    try {
      await submitResponse(request.id, { ...input, requestVersion });
      setChanged(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.business });
      toast.success('Response Submitted', { description: 'Your response has been sent to the client.' });
      void navigate('/business-dashboard');
      return 'sent';
    } catch (error) {
      if (isTermsChanged(error)) {
        setChanged(error.message);
        await queryClient.invalidateQueries({ queryKey: queryKeys.businessRequest(request.id) });
        return 'changed';
      }
      if (isApiError(error) && error.status === 409 && error.message === RESPONSE_MESSAGES.alreadyResponded) {
        toast.error(RESPONSE_MESSAGES.alreadyRespondedTitle, {
          description: RESPONSE_MESSAGES.alreadyResponded,
        });
        await queryClient.invalidateQueries({ queryKey: queryKeys.businessRequest(request.id) });
        return 'failed';
      }
      if (isApiError(error) && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (FORM_FIELDS.has(field as keyof RespondFormValues)) {
            form.setError(field as keyof RespondFormValues, { message });
          }
        }
      }
      // A closed request or refused images are explained in the server's plain words.
      const description =
        isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401
          ? error.message
          : 'Failed to submit response.';
      toast.error('Error', { description, duration: 8000 });
      return 'failed';
    } finally {
      setIsSending(false);
    }
  };
  const send = useSingleFlight(async (input: ResponseInput) => {
    await submit(input, request.termsVersion);
  });

  const acceptAsIs = useSingleFlight(async (shown: BusinessRequestDetail) => {
    // Left open when the request changed: it then shows the new terms to accept or cancel.
    if ((await submit(acceptAsIsDefaults(shown, today), shown.termsVersion)) !== 'changed')
      setIsConfirmOpen(false);
  });
  const pageChange = changed ?? (page.before ? TERMS_MESSAGES.requestChanged : null);

  const submitCustom = async (data: ResponseData) => {
    if (uploads.isUploading) {
      toast.info('Images still uploading', { description: 'Wait for your photos to finish, then submit.' });
      return;
    }
    if (uploads.hasErrors) {
      toast.error('Some photos did not upload', { description: 'Retry or remove them before submitting.' });
      return;
    }
    await send({ ...data, images: uploads.urls, isAcceptedAsIs: false });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Response</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pageChange && !isConfirmOpen ? <ChangeAlert message={pageChange} /> : null}
        {!isEditing ? (
          <>
            <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm" aria-label="Accept as-is terms">
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Quoted price</dt>
                <dd className="tabular font-semibold">{formatCurrency(defaults.quotedPrice)} (fixed)</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted-foreground">Available from</dt>
                <dd>Today</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Message</dt>
                <dd>{defaults.message}</dd>
              </div>
            </dl>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => setIsConfirmOpen(true)} disabled={isSending}>
                Accept As-Is
              </Button>
              <Button variant="outline" onClick={() => setIsEditing(true)} disabled={isSending}>
                Custom Response
              </Button>
              <Button variant="ghost" onClick={() => void navigate(cancelTo)}>
                Cancel
              </Button>
            </div>
          </>
        ) : (
          <form
            noValidate
            aria-label="Custom response"
            className="grid gap-4"
            onSubmit={form.handleSubmit(submitCustom)}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={withCurrency('Quoted price')} error={errors.quotedPrice?.message}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={1}
                  step={0.01}
                  {...form.register('quotedPrice')}
                />
              </Field>
              <Field label="Price type" error={errors.priceType?.message}>
                <NativeSelect {...form.register('priceType')}>
                  {PRICE_TYPES.map((p) => (
                    <option key={p} value={p}>
                      {PRICE_TYPE_LABELS[p]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Available date" error={errors.availabilityDate?.message}>
                <Input type="date" min={today} {...form.register('availabilityDate')} />
              </Field>
              <Field label="Available time (optional)" error={errors.availabilityTime?.message}>
                <NativeSelect {...form.register('availabilityTime')}>
                  <PlainOptions values={OFFER_TIME_SLOTS} noneLabel="Any time" />
                </NativeSelect>
              </Field>
            </div>
            <Field
              label="Estimated duration (optional)"
              error={errors.estimatedDuration?.message}
              hint="For example: 2 hours, half a day."
            >
              <Input maxLength={100} {...form.register('estimatedDuration')} />
            </Field>
            <Field
              label="Message"
              error={errors.message?.message}
              hint={`At least ${RESPONSE_MESSAGE_MIN_LENGTH} characters: how you would do the job.`}
            >
              <Textarea rows={4} maxLength={5000} {...form.register('message')} />
            </Field>
            <Field label="Terms and conditions (optional)" error={errors.termsConditions?.message}>
              <Textarea rows={3} maxLength={5000} {...form.register('termsConditions')} />
            </Field>
            <ImagePicker uploads={uploads} label="Photos (optional)" />
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" isLoading={isSending} disabled={isSending || uploads.isUploading}>
                Submit Response
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => setIsEditing(false)}
                disabled={isSending}
              >
                Back to Read-Only
              </Button>
            </div>
          </form>
        )}
      </CardContent>
      <Dialog open={isConfirmOpen} onOpenChange={(open) => !isSending && setIsConfirmOpen(open)}>
        <DialogContent>
          {/* Mounted per opening: it holds the request as it was when the dialog opened. */}
          {isConfirmOpen ? (
            <AcceptAsIsBody
              request={request}
              today={today}
              refusal={changed}
              isSending={isSending}
              onConfirm={(shown) => void acceptAsIs(shown)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/**
 * Accept this request as-is? The quote it sends is the one it shows: the request's budget as the
 * dialog holds it since it opened (decision 019). When a live refresh brings another version of the
 * request while it is open, the dialog shows the new quote with what it was and the words, and
 * agrees to the new one only on a fresh press; a refusal of the server reads the request again the
 * same way.
 */
function AcceptAsIsBody({
  request,
  today,
  refusal,
  isSending,
  onConfirm,
}: {
  request: BusinessRequestDetail;
  today: string;
  /** The server's words when it refused a press because the request changed. */
  refusal: string | null;
  isSending: boolean;
  onConfirm: (shown: BusinessRequestDetail) => void;
}) {
  const { shown, before } = useHeldTerms(request, (r) => r.termsVersion);
  const quote = acceptAsIsDefaults(shown, today);
  const was = before ? acceptAsIsDefaults(before, today) : null;
  const message = refusal ?? (before ? TERMS_MESSAGES.requestChanged : null);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Accept this request as-is?</DialogTitle>
        <DialogDescription>
          You will quote {formatCurrency(quote.quotedPrice)} (fixed)
          {was && was.quotedPrice !== quote.quotedPrice ? ` (was ${formatCurrency(was.quotedPrice)})` : ''},
          available today, with the message “{quote.message}”
        </DialogDescription>
      </DialogHeader>
      {message ? <ChangeAlert message={message} /> : null}
      {before ? <RequestTerms request={shown} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={isSending}>
            Cancel
          </Button>
        </DialogClose>
        <Button isLoading={isSending} disabled={isSending} onClick={() => onConfirm(shown)}>
          Confirm Accept As-Is
        </Button>
      </DialogFooter>
    </>
  );
}
