import {
  counterOfferSchemaFor,
  isPastDate,
  localIsoDate,
  OFFER_TIME_SLOTS,
  TERMS_MESSAGES,
  withCurrency,
} from '@grip/domain';
import { ChangeAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { RequestTerms } from '@/features/requests/components/request-terms';
import { useHeldTerms } from '@/lib/use-held-terms';
import { formSchema, numberOrNaN, useZodForm } from '@/lib/use-zod-form';
import type { CounterOfferDialogProps } from './counter-offer-dialog';

/** The dialog as typed: text boxes, turned into the domain's counter offer and checked by its schema. */
interface CounterOfferValues {
  quotedPrice: string;
  availabilityDate: string;
  availabilityTime: string;
  message: string;
}

export function CounterOfferForm({
  opportunity: live,
  onSubmit,
  isPending,
  refusal = null,
}: CounterOfferDialogProps) {
  const { shown: opportunity, before } = useHeldTerms(live, (o) => o.requestVersion);
  const notice = refusal ?? (before ? TERMS_MESSAGES.requestChanged : null);
  const today = localIsoDate(new Date());
  const current = opportunity.availabilityDate;
  const currentTime = opportunity.availabilityTime?.slice(0, 5) ?? '';
  // An hour outside the usual slots (set on the original response) stays choosable.
  const slots =
    currentTime && !OFFER_TIME_SLOTS.includes(currentTime)
      ? [currentTime, ...OFFER_TIME_SLOTS]
      : OFFER_TIME_SLOTS;
  const schema = formSchema(
    (v: CounterOfferValues) => ({
      quotedPrice: numberOrNaN(v.quotedPrice),
      availabilityDate: v.availabilityDate || null,
      availabilityTime: v.availabilityTime || null,
      message: v.message,
      requestVersion: opportunity.requestVersion,
    }),
    counterOfferSchemaFor(today),
  );
  const form = useZodForm(schema, {
    defaultValues: {
      quotedPrice: String(Number(opportunity.quotedPrice)),
      availabilityDate: current && !isPastDate(current, today) ? current : '',
      availabilityTime: currentTime,
      message: '',
    },
  });
  const { errors } = form.formState;
  const submit = form.submit((data) => onSubmit(data));

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit Offer</DialogTitle>
        <DialogDescription>
          Send the customer a counter offer for {opportunity.request.title} — they see the new price, date and
          time and your message.
        </DialogDescription>
      </DialogHeader>
      {notice ? <ChangeAlert message={notice} className="p-3" /> : null}
      {notice || opportunity.requestChangedSinceQuote ? (
        <RequestTerms request={opportunity.request} label="The request you are answering" />
      ) : null}
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <Field label={withCurrency('Price')} error={errors.quotedPrice?.message}>
          <Input type="number" inputMode="decimal" min={1} step={0.01} {...form.register('quotedPrice')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Available from" error={errors.availabilityDate?.message}>
            <Input type="date" min={today} {...form.register('availabilityDate')} />
          </Field>
          <Field label="Available time (optional)" error={errors.availabilityTime?.message}>
            <NativeSelect {...form.register('availabilityTime')}>
              <PlainOptions values={slots} noneLabel="No specific time" />
            </NativeSelect>
          </Field>
        </div>
        <Field label="Message" error={errors.message?.message}>
          <Textarea rows={4} {...form.register('message')} />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" isLoading={isPending}>
            Send Counter Offer
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
