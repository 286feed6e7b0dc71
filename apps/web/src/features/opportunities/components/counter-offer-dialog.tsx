import {
  counterOfferSchemaFor,
  isPastDate,
  localIsoDate,
  OFFER_TIME_SLOTS,
  TERMS_MESSAGES,
  type CounterOfferData,
  type Opportunity,
} from '@grip/domain';
import { useState, type FormEvent } from 'react';
import { ChangeAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
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
import { RequestTerms } from '@/features/requests/components/request-terms';
import { useHeldTerms } from '@/lib/use-held-terms';

interface CounterOfferDialogProps {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: CounterOfferData) => void;
  isPending: boolean;
  /** The server's words when it refused the offer because the customer changed the request. */
  refusal?: string | null;
}

const FIELDS = ['quotedPrice', 'availabilityDate', 'availabilityTime', 'message'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;
const isField = (key: unknown): key is FieldName => FIELDS.includes(key as FieldName);

/**
 * Edit Offer: a new price, availability date and hour and message sent to the customer as a counter
 * offer. Price, date and hour start as the current offer (a date already past starts empty, since it
 * could not be sent); the message starts empty, as it is what the customer reads with the new terms.
 *
 * The new offer answers the request as this dialog shows it (decision 019): it names the request's
 * version as held since the dialog opened, and shows the request when the customer changed it after
 * the quote, or changes it while the dialog is open (then with the words, before a fresh send).
 */
export function CounterOfferDialog({
  opportunity: live,
  open,
  onOpenChange,
  onSubmit,
  isPending,
  refusal = null,
}: CounterOfferDialogProps) {
  const { shown: opportunity, before } = useHeldTerms(live, (o) => o.requestVersion);
  const notice = refusal ?? (before ? TERMS_MESSAGES.requestChanged : null);
  const today = localIsoDate(new Date());
  const [price, setPrice] = useState(String(Number(opportunity.quotedPrice)));
  const current = opportunity.availabilityDate;
  const [date, setDate] = useState(current && !isPastDate(current, today) ? current : '');
  const currentTime = opportunity.availabilityTime?.slice(0, 5) ?? '';
  const [time, setTime] = useState(currentTime);
  // An hour outside the usual slots (set on the original response) stays choosable.
  const slots =
    currentTime && !OFFER_TIME_SLOTS.includes(currentTime)
      ? [currentTime, ...OFFER_TIME_SLOTS]
      : OFFER_TIME_SLOTS;
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = counterOfferSchemaFor(today).safeParse({
      quotedPrice: price.trim() === '' ? Number.NaN : Number(price),
      availabilityDate: date || null,
      availabilityTime: time || null,
      message,
      requestVersion: opportunity.requestVersion,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isField(key) && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Offer</DialogTitle>
          <DialogDescription>
            Send {opportunity.request.title} a counter offer. The customer sees the new price, date and time
            and your message.
          </DialogDescription>
        </DialogHeader>
        {notice ? <ChangeAlert message={notice} className="p-3" /> : null}
        {notice || opportunity.requestChangedSinceQuote ? (
          <RequestTerms request={opportunity.request} label="The request you are answering" />
        ) : null}
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <Field label="Price ($)" error={errors.quotedPrice}>
            <Input
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Available from" error={errors.availabilityDate}>
              <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
            </Field>
            <Field label="Available time (optional)" error={errors.availabilityTime}>
              <NativeSelect value={time} onChange={(e) => setTime(e.target.value)}>
                <PlainOptions values={slots} noneLabel="No specific time" />
              </NativeSelect>
            </Field>
          </div>
          <Field label="Message" error={errors.message}>
            <Textarea rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
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
      </DialogContent>
    </Dialog>
  );
}
