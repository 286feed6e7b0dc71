import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  formatRelativeTime,
  type Delivery,
  type DeliveryChannel,
  type DeliveryStatus,
} from '@grip/domain';
import { Inbox, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { LoadMore } from '@/components/ui/load-more';
import { isApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useDeliveries, type DeliveryFilters } from '../api/get-deliveries';
import { ChannelBadge, StatusBadge } from './delivery-badges';
import { DeliveryDialog } from './delivery-dialog';
import { formatDateTime } from './delivery-time';

const isChannel = (value: string): value is DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly string[]).includes(value);
const isStatus = (value: string): value is DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(value);

const errorText = (error: unknown) =>
  isApiError(error) && error.status !== 500 ? error.message : 'Please try again in a moment.';

/**
 * Deliveries (admin): every email, SMS and push message the platform has queued, newest first, with
 * what became of it. Without an email server or SMS provider messages are only stored; this is where
 * an administrator reads them.
 */
export function DeliveriesSection() {
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const [open, setOpen] = useState<Delivery | null>(null);
  const list = useDeliveries(filters);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = filters.channel !== undefined || filters.status !== undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Deliveries</CardTitle>
        <CardDescription>
          Emails, SMS and push messages, newest first. Open one to read it in full.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Field label="Channel">
            <NativeSelect
              value={filters.channel ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setFilters((f) => ({ ...f, channel: isChannel(value) ? value : undefined }));
              }}
            >
              <option value="">All channels</option>
              {DELIVERY_CHANNELS.map((channel) => (
                <option key={channel} value={channel}>
                  {DELIVERY_CHANNEL_LABELS[channel]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Status">
            <NativeSelect
              value={filters.status ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setFilters((f) => ({ ...f, status: isStatus(value) ? value : undefined }));
              }}
            >
              <option value="">All statuses</option>
              {DELIVERY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {DELIVERY_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>

        {list.isPending ? (
          <ListSkeleton rows={4} label="Loading deliveries" />
        ) : list.isError && items.length === 0 ? (
          <Alert tone="danger" role="alert" className="flex-col items-start">
            <p>
              <span className="font-semibold">Couldn't load deliveries.</span> {errorText(list.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          isFiltered ? (
            <EmptyState
              icon={Inbox}
              title="No deliveries match these filters"
              action={
                <Button variant="outline" size="sm" onClick={() => setFilters({})}>
                  Show all deliveries
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Inbox}
              title="No deliveries yet"
              description="Emails, SMS and push messages appear here as soon as the platform sends or stores one."
            />
          )
        ) : (
          <>
            <DeliveryList items={items} onOpen={setOpen} />
            <LoadMore pages={list} failedText={`Couldn't load more deliveries. ${errorText(list.error)}`} />
          </>
        )}
      </CardContent>
      <DeliveryDialog delivery={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

/**
 * One list for every width: stacked cards on phones, table-like columns from 768 px (the header row
 * is visual only; each row's button reads as one sentence).
 */
function DeliveryList({ items, onOpen }: { items: Delivery[]; onOpen: (item: Delivery) => void }) {
  const now = useNow();
  return (
    <div className="grid gap-2">
      <div
        aria-hidden="true"
        className="hidden px-3 text-xs font-medium text-muted-foreground md:grid md:grid-cols-[12rem_minmax(0,14rem)_minmax(0,1fr)_5.5rem] md:gap-3"
      >
        <span>Channel and status</span>
        <span>Recipient</span>
        <span>Summary</span>
        <span className="text-right">Time</span>
      </div>
      <ul className="grid gap-2" aria-label="Deliveries">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onOpen(item)}
              className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1.5 rounded-lg border border-border bg-background p-3 text-left transition-colors hover:bg-muted md:grid-cols-[12rem_minmax(0,14rem)_minmax(0,1fr)_5.5rem] md:items-center"
            >
              <span className="flex flex-wrap items-center gap-1.5 md:order-1">
                <ChannelBadge channel={item.channel} />
                <StatusBadge status={item.status} />
              </span>
              <time
                dateTime={item.createdAt}
                title={formatDateTime(item.createdAt)}
                className="text-xs whitespace-nowrap text-muted-foreground md:order-4 md:text-right"
              >
                {formatRelativeTime(new Date(item.createdAt), now)}
              </time>
              <span className="col-span-2 grid min-w-0 gap-0.5 md:order-3 md:col-span-1">
                <span className="line-clamp-2 text-sm font-medium break-words">{item.summary}</span>
                {(item.status === 'unknown' || item.status === 'failed') && item.lastError ? (
                  <span className="line-clamp-2 text-xs break-words text-destructive">{item.lastError}</span>
                ) : null}
              </span>
              <span className="col-span-2 truncate text-sm text-muted-foreground md:order-2 md:col-span-1">
                {item.recipient}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
