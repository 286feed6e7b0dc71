import {
  ADMIN_TEST_TOOL_MESSAGES,
  formatDate,
  isHttpUrl,
  PlaceSearchQuerySchema,
  testPhoneError,
  TestEmailInputSchema,
  TestNewRequestEmailInputSchema,
  type PlaceSearchResult,
  type TestSendResult,
} from '@grip/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { Mail, MapPin, MessageSquare, Search, SearchX, Star } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useSystemSettings } from '../api/overview';
import {
  usePlaceSearch,
  useSendTestEmail,
  useSendTestNewRequestEmail,
  useSendTestSms,
  useTestRequestChoices,
} from '../api/test-tools';

const M = ADMIN_TEST_TOOL_MESSAGES;

/** A plain-words message from a failed call: the server's own for 400/404/429, else ours. */
function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && [400, 404, 429].includes(error.status) ? error.message : fallback;
}

/** The toast after a send: where to find it, and whether it only goes out because it is a test. */
function announce(result: TestSendResult) {
  const notes = [`Delivery #${result.outboxId} to ${result.recipient}.`];
  if (!result.isSwitchOn) notes.push(result.channel === 'email' ? M.sentWhileEmailOff : M.sentWhileSmsOff);
  if (!result.isProviderConfigured) notes.push(result.channel === 'email' ? M.noSmtp : M.noSmsProvider);
  toast.success(M.queued, { description: notes.join(' ') });
}

/** Sends, then shows the toast or the failure (a field error when the server points at the input). */
function submit<T>(
  mutation: UseMutationResult<TestSendResult, Error, T>,
  input: T,
  onFieldError: (message: string) => void,
) {
  mutation.mutate(input, {
    onSuccess: announce,
    onError: (error) => {
      if (isApiError(error) && error.status === 400) onFieldError(error.message);
      else toast.error(failureText(error, M.sendFailed));
    },
  });
}

function LastSent({ result }: { result: TestSendResult | undefined }) {
  if (!result) return null;
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Queued as delivery #{result.outboxId} to {result.recipient} — see Deliveries below.
    </p>
  );
}

function ToolSection({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Mail;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="grid content-start gap-3 rounded-lg border border-border p-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A tool that sends a test to one typed address (an email or a phone number). */
function AddressSendForm({
  icon,
  title,
  label,
  hint,
  type,
  placeholder,
  buttonText,
  value,
  onChange,
  error,
  onSubmit,
  send,
}: {
  icon: typeof Mail;
  title: string;
  label: string;
  hint: string | undefined;
  type: 'email' | 'tel';
  placeholder: string;
  buttonText: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  onSubmit: (event: FormEvent) => void;
  send: { isPending: boolean; data: TestSendResult | undefined };
}) {
  return (
    <ToolSection icon={icon} title={title}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field label={label} error={error} hint={hint}>
          <Input
            type={type}
            autoComplete="off"
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="outline" className="justify-self-start" isLoading={send.isPending}>
          {buttonText}
        </Button>
      </form>
      <LastSent result={send.data} />
    </ToolSection>
  );
}

function TestEmailForm({ isEmailOff }: { isEmailOff: boolean }) {
  const send = useSendTestEmail();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TestEmailInputSchema.safeParse({ to });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? M.emailInvalid;
      setError(message);
      if (message === M.emailRequired) toast.error(M.emailRequiredTitle, { description: M.emailRequired });
      return;
    }
    setError(undefined);
    submit(send, parsed.data, setError);
  };

  return (
    <AddressSendForm
      icon={Mail}
      title="Test email"
      label="Email address"
      hint={isEmailOff ? M.sentWhileEmailOff : undefined}
      type="email"
      placeholder="you@example.com"
      buttonText="Send test email"
      value={to}
      onChange={setTo}
      error={error}
      onSubmit={onSubmit}
      send={send}
    />
  );
}

function NewRequestEmailForm({ isEmailOff }: { isEmailOff: boolean }) {
  const send = useSendTestNewRequestEmail();
  const choices = useTestRequestChoices();
  const [requestId, setRequestId] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ requestId?: string; to?: string }>({});
  const items = choices.data ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TestNewRequestEmailInputSchema.safeParse({ requestId, to });
    if (!parsed.success) {
      const next: { requestId?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'requestId' ? 'requestId' : 'to';
        next[key] ??= issue.message;
      }
      setErrors(next);
      if (next.to === M.emailRequired) toast.error(M.emailRequiredTitle, { description: M.emailRequired });
      return;
    }
    setErrors({});
    submit(send, parsed.data, (message) =>
      setErrors(
        message === M.requestNotFound || message === M.requestRequired
          ? { requestId: message }
          : { to: message },
      ),
    );
  };

  return (
    <ToolSection icon={Mail} title="New-request email debugging">
      <p className="text-sm text-muted-foreground">
        Sends the exact email a matching business gets for a request to the address you choose.
      </p>
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field
          label="Request"
          error={errors.requestId}
          hint={
            choices.isError
              ? "Couldn't load requests. Please try again in a moment."
              : !choices.isPending && items.length === 0
                ? M.noOpenRequests
                : undefined
          }
        >
          <NativeSelect
            value={requestId}
            disabled={choices.isPending || items.length === 0}
            onChange={(event) => setRequestId(event.target.value)}
          >
            <option value="">{choices.isPending ? 'Loading requests…' : 'Choose an open request'}</option>
            {items.map((r) => (
              <option key={r.id} value={r.id}>
                {r.isUrgent ? 'URGENT · ' : ''}
                {r.title}
                {r.areaLabel ? ` in ${r.areaLabel}` : ''} · {formatDate(new Date(r.createdAt))}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Send to" error={errors.to} hint={isEmailOff ? M.sentWhileEmailOff : undefined}>
          <Input
            type="email"
            autoComplete="off"
            placeholder="you@example.com"
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="outline" className="justify-self-start" isLoading={send.isPending}>
          Send new-request email
        </Button>
      </form>
      <LastSent result={send.data} />
    </ToolSection>
  );
}

function TestSmsForm({ isSmsOff }: { isSmsOff: boolean }) {
  const send = useSendTestSms();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = testPhoneError(to);
    if (message) {
      setError(message);
      return;
    }
    setError(undefined);
    submit(send, { to }, setError);
  };

  return (
    <AddressSendForm
      icon={MessageSquare}
      title="SMS test"
      label="Phone number"
      hint={`With the country code, for example +61 412 345 678.${isSmsOff ? ` ${M.sentWhileSmsOff}.` : ''}`}
      type="tel"
      placeholder="+61 412 345 678"
      buttonText="Send test SMS"
      value={to}
      onChange={setTo}
      error={error}
      onSubmit={onSubmit}
      send={send}
    />
  );
}

function PlaceCard({ place }: { place: PlaceSearchResult }) {
  return (
    <li className="grid gap-1 rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{place.name}</span>
          <Badge tone={place.source === 'provider' ? 'info' : 'neutral'}>
            {place.source === 'provider' ? 'Places provider' : 'Grip directory'}
          </Badge>
        </span>
        <span className="inline-flex items-center gap-1 tabular-nums text-muted-foreground">
          <Star aria-hidden="true" className="size-4" />
          {place.rating === null ? 'No reviews' : `${place.rating.toFixed(1)} (${place.user_ratings_total})`}
        </span>
      </div>
      {place.formatted_address ? (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4" />
          {place.formatted_address}
        </span>
      ) : null}
      {place.formatted_phone_number ? <span>{place.formatted_phone_number}</span> : null}
      {place.website && isHttpUrl(place.website) ? (
        <a href={place.website} target="_blank" rel="noreferrer noopener" className="text-primary underline">
          {place.website}
        </a>
      ) : null}
      {place.types.length > 0 ? (
        <span className="text-muted-foreground">{place.types.join(' · ')}</span>
      ) : null}
    </li>
  );
}

function PlacesSearchDemo() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const search = usePlaceSearch(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PlaceSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.queryRequired);
      return;
    }
    setError(undefined);
    setQuery(parsed.data.q);
  };

  return (
    <ToolSection icon={Search} title="Places search demo">
      <p className="text-sm text-muted-foreground">
        Searches Grip&apos;s business directory, and the places provider when one is configured.
      </p>
      <form noValidate onSubmit={onSubmit} role="search" className="grid gap-3">
        <Field label="Search query" error={error}>
          <Input
            type="search"
            placeholder="Business name, category or area"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Button
          type="submit"
          variant="outline"
          className="justify-self-start"
          isLoading={query !== null && search.isFetching}
        >
          Search
        </Button>
      </form>
      {query === null ? null : search.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Searching</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : search.isError ? (
        <Alert tone="danger" role="alert">
          {failureText(search.error, M.searchFailed)}
        </Alert>
      ) : (
        <div className="grid gap-2">
          {search.data.notice ? (
            <p role="status" className="text-sm text-muted-foreground">
              {search.data.notice}
            </p>
          ) : null}
          {search.data.results.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={M.noResults}
              description="Try a shorter name, a category or a suburb."
            />
          ) : (
            <ul aria-label="Place search results" className="grid gap-2">
              {search.data.results.map((place) => (
                <PlaceCard key={`${place.source}:${place.place_id}`} place={place} />
              ))}
            </ul>
          )}
        </div>
      )}
    </ToolSection>
  );
}

/**
 * Test tools (spec 3 Admin dashboard): a test email, new-request email debugging with a forced
 * destination, an SMS test and the places-search demo. Every send is queued like any message and
 * appears in Deliveries; tests go out even while the Email or SMS switch is off (and say so).
 */
export function TestTools() {
  const settings = useSystemSettings();
  const isEmailOff = settings.data?.emailNotificationsEnabled === false;
  const isSmsOff = settings.data?.smsNotificationsEnabled === false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test tools</CardTitle>
        <CardDescription>
          Check email and SMS delivery and the places search. Test messages are sent even while notifications
          are switched off, and appear in Deliveries.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <TestEmailForm isEmailOff={isEmailOff} />
        <NewRequestEmailForm isEmailOff={isEmailOff} />
        <TestSmsForm isSmsOff={isSmsOff} />
        <PlacesSearchDemo />
      </CardContent>
    </Card>
  );
}
