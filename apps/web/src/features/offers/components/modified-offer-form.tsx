import {
  canSendModifiedOffer,
  customerCounterOfferSchemaFor,
  CUSTOMER_OFFER_MESSAGES,
  HOURLY_TIMES,
  localIsoDate,
  RESPONSE_TEXT_MAX_LENGTH,
  TIME_FLEXIBILITY_LABELS,
  type CustomerCounterOfferInput,
  type CustomerOffer,
  sentenceEnd,
  withCurrency,
} from '@grip/domain';
import { type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formSchema, numberOrNaN, useZodForm } from '@/lib/use-zod-form';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { isApiError } from '@/lib/api-client';
import { useSendCounterOffer } from '../api/use-offer-actions';
import { availabilityLabel, offerPriceLabel } from '../offer-display';
import { useCounterOfferUploads } from '../use-counter-offer-uploads';
import { Detail, DetailList } from './offer-detail-list';

/** The dialog as typed: text boxes, turned into the domain's counter offer (with the uploaded images). */
interface ModifiedOfferValues {
  quotedPrice: string;
  preferredDate: string;
  preferredTime: string;
  timeFlexibility: string;
  message: string;
}

const SERVER_FIELDS = [
  'quotedPrice',
  'preferredDate',
  'preferredTime',
  'timeFlexibility',
  'message',
] as const satisfies readonly (keyof ModifiedOfferValues)[];

export function ModifiedOfferForm({ offer, onClose }: { offer: CustomerOffer; onClose: () => void }) {
  const today = localIsoDate(new Date());
  const uploads = useCounterOfferUploads();
  const schema = formSchema(
    (v: ModifiedOfferValues) => ({
      quotedPrice: numberOrNaN(v.quotedPrice),
      preferredDate: v.preferredDate || null,
      preferredTime: v.preferredTime || null,
      timeFlexibility: v.timeFlexibility || null,
      message: v.message.trim() || null,
      images: uploads.urls,
    }),
    customerCounterOfferSchemaFor(today),
    // The images are the picker's, not a field: their error shows under it.
    { images: 'root.images' },
  );
  const form = useZodForm(schema, {
    defaultValues: {
      quotedPrice: '',
      preferredDate: '',
      preferredTime: '',
      timeFlexibility: '',
      message: '',
    },
    serverFields: SERVER_FIELDS,
  });
  const { errors, isSubmitting } = form.formState;
  const price = useWatch({ control: form.control, name: 'quotedPrice' });
  const send = useSendCounterOffer(offer.id);
  const isSending = isSubmitting || send.isPending;
  const canSend = canSendModifiedOffer(price, offer.id, uploads.isUploading) && !isSending;
  const availability = availabilityLabel(offer.availabilityDate, offer.availabilityTime);

  const submit = form.submit(async (input: CustomerCounterOfferInput) => {
    try {
      await send.mutateAsync(input);
    } catch (error) {
      // The toast is the hook's; a 400 also points at the fields it refused.
      const images = isApiError(error) ? error.fields?.images : undefined;
      if (images) form.setError('root.images', { type: 'server', message: images });
      throw error;
    }
    onClose();
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (uploads.hasErrors) {
      toast.error('Some images did not upload', { description: 'Retry or remove them before sending.' });
      return;
    }
    void submit();
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit} aria-label="Modified offer">
      <DialogHeader>
        <DialogTitle>Modified Offer</DialogTitle>
        <DialogDescription>
          Propose your own price and time to {sentenceEnd(offer.business.name)} They can accept it or reply.
        </DialogDescription>
      </DialogHeader>

      <section className="grid gap-2 rounded-lg bg-muted p-3" aria-labelledby="modified-current">
        <h3 id="modified-current" className="text-sm font-semibold">
          Current offer
        </h3>
        <DetailList>
          <Detail label="Price">
            <span className="tabular font-semibold">
              {offerPriceLabel(offer.quotedPrice, offer.priceType)}
            </span>
          </Detail>
          <Detail label="Availability">{availability ?? 'Not given'}</Detail>
          {offer.estimatedDuration ? <Detail label="Duration">{offer.estimatedDuration}</Detail> : null}
          <Detail label="Request">{offer.request.title}</Detail>
        </DetailList>
      </section>

      <Field
        label={withCurrency('Your price')}
        error={errors.quotedPrice?.message}
        hint={offer.priceType === 'hourly' ? 'An hourly rate, like the business quoted.' : undefined}
      >
        <Input
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          {...form.register('quotedPrice')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Preferred date (optional)" error={errors.preferredDate?.message}>
          <Input type="date" min={today} {...form.register('preferredDate')} />
        </Field>
        <Field label="Preferred time" error={errors.preferredTime?.message}>
          <NativeSelect {...form.register('preferredTime')}>
            <PlainOptions values={HOURLY_TIMES} noneLabel="No preference" />
          </NativeSelect>
        </Field>
      </div>
      <Field label="Time flexibility" error={errors.timeFlexibility?.message}>
        <NativeSelect {...form.register('timeFlexibility')}>
          <option value="">No preference</option>
          {Object.entries(TIME_FLEXIBILITY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Message (optional)" error={errors.message?.message}>
        <Textarea rows={3} maxLength={RESPONSE_TEXT_MAX_LENGTH} {...form.register('message')} />
      </Field>
      <div className="grid gap-1">
        <ImagePicker uploads={uploads} label="Images (optional)" hint={CUSTOMER_OFFER_MESSAGES.imagesHint} />
        {errors.root?.images ? (
          <p className="text-sm font-medium text-destructive">{errors.root.images.message}</p>
        ) : null}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend} isLoading={isSending}>
          Send Modified Offer
        </Button>
      </DialogFooter>
    </form>
  );
}
