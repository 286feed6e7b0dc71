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
} from '@grip/domain';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
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
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSingleFlight } from '@/lib/use-single-flight';
import { ImagePicker } from '@/features/uploads/components/image-picker';
import { isApiError } from '@/lib/api-client';
import { useSendCounterOffer } from '../api/use-offer-actions';
import { availabilityLabel, offerPriceLabel } from '../offer-display';
import { useCounterOfferUploads } from '../use-counter-offer-uploads';
import { Detail, DetailList } from './offer-detail-list';

interface ModifiedOfferDialogProps {
  offer: CustomerOffer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Modified Offer (spec 2, §5 "Counter offer"): the current offer, then the customer's own terms. */
export function ModifiedOfferDialog({
  offer,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ModifiedOfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted only while open: each opening starts empty, and closing cancels its uploads. */}
        {open ? <ModifiedOfferForm offer={offer} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = [
  'quotedPrice',
  'preferredDate',
  'preferredTime',
  'timeFlexibility',
  'message',
  'images',
] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

const isFieldName = (key: unknown): key is FieldName => FIELDS.includes(key as FieldName);

function ModifiedOfferForm({ offer, onClose }: { offer: CustomerOffer; onClose: () => void }) {
  const today = localIsoDate(new Date());
  const [price, setPrice] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [flexibility, setFlexibility] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const uploads = useCounterOfferUploads();
  const send = useSendCounterOffer(offer.id);
  const canSend = canSendModifiedOffer(price, offer.id, uploads.isUploading) && !send.isPending;
  const availability = availabilityLabel(offer.availabilityDate, offer.availabilityTime);

  const submit = useSingleFlight(async () => {
    if (uploads.hasErrors) {
      toast.error('Some images did not upload', { description: 'Retry or remove them before sending.' });
      return;
    }
    const parsed = customerCounterOfferSchemaFor(today).safeParse({
      quotedPrice: price.trim() === '' ? Number.NaN : Number(price),
      preferredDate: date || null,
      preferredTime: time || null,
      timeFlexibility: flexibility || null,
      message: message.trim() || null,
      images: uploads.urls,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isFieldName(key) && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const input: CustomerCounterOfferInput = parsed.data;
    try {
      await send.mutateAsync(input);
    } catch (error) {
      // The toast is the hook's; a 400 also points at the fields it refused.
      if (isApiError(error) && error.fields) {
        const next: Errors = {};
        for (const [key, text] of Object.entries(error.fields)) if (isFieldName(key)) next[key] = text;
        setErrors(next);
      }
      return;
    }
    onClose();
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) void submit();
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit} aria-label="Modified offer">
      <DialogHeader>
        <DialogTitle>Modified Offer</DialogTitle>
        <DialogDescription>
          Propose your own price and time to {offer.business.name}. They can accept it or reply.
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
        label="Your price ($)"
        error={errors.quotedPrice}
        hint={offer.priceType === 'hourly' ? 'An hourly rate, like the business quoted.' : undefined}
      >
        <Input
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Preferred date (optional)" error={errors.preferredDate}>
          <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field label="Preferred time" error={errors.preferredTime}>
          <NativeSelect value={time} onChange={(e) => setTime(e.target.value)}>
            <PlainOptions values={HOURLY_TIMES} noneLabel="No preference" />
          </NativeSelect>
        </Field>
      </div>
      <Field label="Time flexibility" error={errors.timeFlexibility}>
        <NativeSelect value={flexibility} onChange={(e) => setFlexibility(e.target.value)}>
          <option value="">No preference</option>
          {Object.entries(TIME_FLEXIBILITY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Message (optional)" error={errors.message}>
        <Textarea
          rows={3}
          maxLength={RESPONSE_TEXT_MAX_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <div className="grid gap-1">
        <ImagePicker uploads={uploads} label="Images (optional)" hint={CUSTOMER_OFFER_MESSAGES.imagesHint} />
        {errors.images ? <p className="text-sm font-medium text-destructive">{errors.images}</p> : null}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend} isLoading={send.isPending}>
          Send Modified Offer
        </Button>
      </DialogFooter>
    </form>
  );
}
