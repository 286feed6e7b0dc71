import { counterOfferSchemaFor, localIsoDate, type CounterOfferData, type Opportunity } from '@grip/domain';
import { useState, type FormEvent } from 'react';
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
import { Textarea } from '@/components/ui/textarea';

interface CounterOfferDialogProps {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: CounterOfferData) => void;
  isPending: boolean;
}

type Errors = Partial<Record<'quotedPrice' | 'availabilityDate' | 'message', string>>;

/** Edit Offer: a new price, availability date and message sent to the customer as a counter offer. */
export function CounterOfferDialog({
  opportunity,
  open,
  onOpenChange,
  onSubmit,
  isPending,
}: CounterOfferDialogProps) {
  const today = localIsoDate(new Date());
  const [price, setPrice] = useState(String(Number(opportunity.quotedPrice)));
  const [date, setDate] = useState(opportunity.availabilityDate ?? '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = counterOfferSchemaFor(today).safeParse({
      quotedPrice: price.trim() === '' ? Number.NaN : Number(price),
      availabilityDate: date || null,
      message,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'quotedPrice' || key === 'availabilityDate' || key === 'message') && !next[key])
          next[key] = issue.message;
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
            Send {opportunity.request.title} a counter offer. The customer sees the new price, date and your
            message.
          </DialogDescription>
        </DialogHeader>
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
          <Field label="Available from" error={errors.availabilityDate}>
            <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
          </Field>
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
