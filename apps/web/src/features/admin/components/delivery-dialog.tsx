import { DELIVERY_CHANNEL_LABELS, deliveryStatusNote, type Delivery } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { deliveryQueryOptions } from '../api/get-deliveries';
import { ChannelBadge, StatusBadge } from './delivery-badges';
import { formatDateTime } from './delivery-time';

/** Only web addresses and paths of this site become links: a payload is data, never a javascript: URL. */
function isOpenableLink(link: string): boolean {
  return /^https?:\/\//i.test(link) || (link.startsWith('/') && !link.startsWith('//'));
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * One delivery in full. The list carries a shortened text; when it was shortened, the whole one is
 * fetched here.
 */
export function DeliveryDialog({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  return (
    <Dialog open={delivery !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {delivery ? <DeliveryDialogBody item={delivery} /> : null}
    </Dialog>
  );
}

function DeliveryDialogBody({ item }: { item: Delivery }) {
  const full = useQuery({ ...deliveryQueryOptions(item.id), enabled: item.isTextTruncated });
  const delivery = full.data ?? item;
  const note = deliveryStatusNote(delivery);
  const noteTone = delivery.status === 'failed' || delivery.status === 'unknown' ? 'danger' : 'warning';

  return (
    <DialogContent className="sm:max-w-lg">
      <DialogHeader>
        <DialogTitle className="break-words">{delivery.summary}</DialogTitle>
        <DialogDescription className="break-all">
          {DELIVERY_CHANNEL_LABELS[delivery.channel]} to {delivery.recipient}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap gap-2">
        <ChannelBadge channel={delivery.channel} />
        <StatusBadge status={delivery.status} />
      </div>
      {note ? (
        <Alert tone={noteTone} data-testid="delivery-note">
          <p className="break-words">{note}</p>
        </Alert>
      ) : null}
      <dl className="grid gap-2">
        <Detail label="Topic">{delivery.topic}</Detail>
        <Detail label="Created">{formatDateTime(delivery.createdAt)}</Detail>
        {delivery.sentAt ? (
          <Detail label={delivery.status === 'logged' ? 'Stored' : 'Sent'}>
            {formatDateTime(delivery.sentAt)}
          </Detail>
        ) : null}
        <Detail label="Attempts">
          <span className="tabular">{delivery.attempts}</span>
        </Detail>
        {delivery.lastError && delivery.status !== 'unknown' && delivery.status !== 'failed' ? (
          <Detail label="Last error">{delivery.lastError}</Detail>
        ) : null}
      </dl>
      <section className="grid gap-2" aria-label="Message">
        <h3 className="text-sm font-semibold">Message</h3>
        {delivery.isRedacted ? (
          // A reset or confirmation link acts for the recipient: the server never sends it here.
          <p
            className="rounded-md bg-muted p-3 text-sm break-words text-muted-foreground"
            data-testid="delivery-hidden"
          >
            {delivery.text}
          </p>
        ) : (
          <div className="max-h-72 overflow-y-auto rounded-md bg-muted p-3 text-sm break-words whitespace-pre-wrap">
            {delivery.text || <span className="text-muted-foreground">No text.</span>}
            {delivery.isTextTruncated ? '…' : null}
          </div>
        )}
        {full.isFetching ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading the full text…
          </p>
        ) : full.isError ? (
          <p className="text-sm text-destructive">Couldn't load the full text. Close and try again.</p>
        ) : null}
      </section>
      {delivery.link ? (
        <section className="grid gap-1" aria-label="Link">
          <h3 className="text-sm font-semibold">Link</h3>
          {isOpenableLink(delivery.link) ? (
            <a
              href={delivery.link}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm break-all text-primary underline underline-offset-4"
            >
              {delivery.link}
            </a>
          ) : (
            <p className="text-sm break-all">{delivery.link}</p>
          )}
        </section>
      ) : null}
    </DialogContent>
  );
}
