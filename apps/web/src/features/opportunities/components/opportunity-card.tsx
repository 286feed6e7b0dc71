import {
  formatCurrency,
  formatRelativeTime,
  isBookedOpportunity,
  latestCustomerCounterOffer,
  OPPORTUNITY_MESSAGES,
  opportunityNotes,
  type CounterOfferData,
  type OfferTerms,
  type Opportunity,
} from '@grip/domain';
import { Briefcase, Check, Info, MapPin, MessageSquare, Pencil, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { distanceLabel } from '@/features/business-requests/request-display';
import { OfferTermsList } from '@/features/offers/components/offer-terms';
import { isApiError } from '@/lib/api-client';
import { isTermsChanged } from '@/lib/terms-changed';
import { useOpportunityAction } from '../api/opportunities';
import { CounterOfferDialog } from './counter-offer-dialog';
import { DeclineDialog } from './decline-dialog';
import { OpportunityBadges } from './opportunity-badges';
import { OpportunityDetailDialog } from './opportunity-detail-dialog';

/** A client mistake or conflict explains itself; anything else gets the spec's plain fallback. */
function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** The customer's latest counter offer: what Accept Request names, and the terms it carries if any. */
function customerProposal(o: Opportunity): { id: string; terms: OfferTerms | null } | null {
  const latest = latestCustomerCounterOffer(o.messages, (m) => !m.fromBusiness);
  return latest ? { id: latest.id, terms: latest.offerTerms } : null;
}

/** One opportunity: the request, the quote, its badges and Accept Request / Decline / Edit Offer. */
export function OpportunityCard({ opportunity, now }: { opportunity: Opportunity; now: Date }) {
  const { request } = opportunity;
  const [dialog, setDialog] = useState<'detail' | 'decline' | 'counter' | null>(null);
  // The server's words when the customer changed their counter offer under this card (decision 019).
  const [changed, setChanged] = useState<string | null>(null);
  const action = useOpportunityAction();
  // Why the buttons are off — or what Accept Request does — in visible words, not only a tooltip.
  const notes = opportunityNotes(opportunity);
  const noteId = `opp-note-${opportunity.id}`;
  const acceptNoteId = `opp-accept-note-${opportunity.id}`;
  const isBooked = isBookedOpportunity(opportunity.status, opportunity.completionStatus);
  const distance = distanceLabel(request.distanceKm);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  // Accept Request agrees to the counter offer this card shows, by its id; the list reloads either way.
  const accept = (counterOfferId: string) =>
    action.mutate(
      { responseId: opportunity.id, action: { kind: 'accept', input: { counterOfferId } } },
      {
        onSuccess: () => {
          setChanged(null);
          toast.success(OPPORTUNITY_MESSAGES.acceptedMessage);
        },
        onError: (e) => {
          if (isTermsChanged(e)) setChanged(e.message);
          else toast.error('Error', { description: failureText(e, 'Failed to accept the counter offer.') });
        },
      },
    );
  const decline = () =>
    action.mutate(
      { responseId: opportunity.id, action: { kind: 'decline' } },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success('Request declined');
        },
        onError: (e) =>
          toast.error('Error', { description: failureText(e, 'Failed to decline the request.') }),
      },
    );
  const sendCounter = (input: CounterOfferData) =>
    action.mutate(
      { responseId: opportunity.id, action: { kind: 'counter-offer', input } },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(OPPORTUNITY_MESSAGES.counterOfferSent);
        },
        onError: (e) =>
          toast.error('Error', { description: failureText(e, OPPORTUNITY_MESSAGES.counterOfferFailed) }),
      },
    );

  const describedBy = notes.locked ? noteId : undefined;
  const acceptDescribedBy = notes.locked ? noteId : notes.accept ? acceptNoteId : undefined;
  // Accept Request takes exactly these terms, so they are shown where the button is.
  const proposal = opportunity.canAccept ? customerProposal(opportunity) : null;
  return (
    <article className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold">{request.title}</h3>
        <span className="tabular text-base font-semibold">
          {formatCurrency(opportunity.quotedPrice)}
          {opportunity.priceType === 'hourly' ? '/h' : ''}
        </span>
      </div>
      <OpportunityBadges opportunity={opportunity} />
      {changed ? (
        <Alert tone="warning" role="alert" className="p-3">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p>{changed}</p>
        </Alert>
      ) : null}
      {proposal?.terms ? (
        <div className="rounded-md border border-border bg-muted/50 p-3">
          <p className="text-sm font-medium">The customer proposes</p>
          <OfferTermsList terms={proposal.terms} priceType={opportunity.priceType} />
        </div>
      ) : null}
      <p className="line-clamp-2 text-sm text-muted-foreground">{opportunity.message}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {request.areaLabel ?? 'Area not given'}
          {distance ? ` · ${distance}` : null}
        </span>
        <span>
          Last activity{' '}
          <time dateTime={opportunity.latestActivityAt}>
            {formatRelativeTime(new Date(opportunity.latestActivityAt), now)}
          </time>
        </span>
        <span>
          {opportunity.messageCount} {opportunity.messageCount === 1 ? 'message' : 'messages'}
        </span>
      </p>
      {notes.locked ? (
        <p id={noteId} className="flex items-center gap-1 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {notes.locked}
        </p>
      ) : null}
      {notes.accept ? (
        <p id={acceptNoteId} className="flex items-center gap-1 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {notes.accept}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {isBooked ? (
          <>
            <Link
              to={`/conversation/${encodeURIComponent(opportunity.id)}`}
              className={buttonClasses({ size: 'sm' })}
              aria-label={`Message the customer about ${request.title}`}
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              Message
            </Link>
            <Link
              to={`/business-confirmed?job=${encodeURIComponent(opportunity.id)}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
              aria-label={`View Job: ${request.title}`}
            >
              <Briefcase aria-hidden="true" className="size-4" />
              View Job
            </Link>
          </>
        ) : null}
        <Button
          size="sm"
          variant={isBooked ? 'outline' : 'primary'}
          disabled={!proposal || action.isPending}
          aria-describedby={acceptDescribedBy}
          onClick={() => (proposal ? accept(proposal.id) : undefined)}
        >
          <Check aria-hidden="true" className="size-4" />
          Accept Request
        </Button>
        <Button
          size="sm"
          variant="destructive-outline"
          disabled={!opportunity.canDecline || action.isPending}
          aria-describedby={describedBy}
          onClick={() => setDialog('decline')}
        >
          <X aria-hidden="true" className="size-4" />
          Decline
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!opportunity.canEditOffer || action.isPending}
          aria-describedby={describedBy}
          onClick={() => setDialog('counter')}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit Offer
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDialog('detail')}>
          View Details
        </Button>
      </div>

      {dialog === 'detail' ? (
        <OpportunityDetailDialog opportunity={opportunity} open onOpenChange={closeDialog} />
      ) : null}
      {dialog === 'decline' ? (
        <DeclineDialog
          title={request.title}
          open
          onOpenChange={closeDialog}
          onConfirm={decline}
          isPending={action.isPending}
        />
      ) : null}
      {dialog === 'counter' ? (
        <CounterOfferDialog
          opportunity={opportunity}
          open
          onOpenChange={closeDialog}
          onSubmit={sendCounter}
          isPending={action.isPending}
        />
      ) : null}
    </article>
  );
}
