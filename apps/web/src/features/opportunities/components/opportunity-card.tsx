import {
  formatCurrency,
  formatRelativeTime,
  isBookedOpportunity,
  latestCustomerCounterOffer,
  OPPORTUNITY_MESSAGES,
  opportunityNotes,
  TERMS_MESSAGES,
  type CounterOfferData,
  type OfferTerms,
  type Opportunity,
} from '@grip/domain';
import { Briefcase, Check, Info, MapPin, MessageSquare, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ChangeAlert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { RequestTerms } from '@/features/requests/components/request-terms';
import { distanceLabel } from '@/features/requests/business-request-display';
import { OfferTermsList } from '@/features/offers/components/offer-terms';
import { isApiError } from '@/lib/api-client';
import { isTermsChanged } from '@/lib/terms-changed';
import { useHeldTerms } from '@/lib/use-held-terms';
import { useOpportunityAction } from '../api/opportunities';
import { CounterOfferDialog, preloadCounterOfferForm } from './counter-offer-dialog';
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

/**
 * One opportunity: the request, the quote, its badges and Accept Request / Decline / Edit Offer — and,
 * when the customer changed the request after the quote, the request as it is now with Keep My Quote.
 *
 * What the card agrees to is what it shows (decision 019): the counter offer and the request are
 * held from when the card was drawn, and a live refresh that brings another counter offer, or changes
 * a request the business is already reviewing, shows the new terms with the words (and what the
 * counter offer was) instead of swapping them silently under the buttons.
 */
export function OpportunityCard({ opportunity, now }: { opportunity: Opportunity; now: Date }) {
  const { request } = opportunity;
  const [dialog, setDialog] = useState<'detail' | 'decline' | 'counter' | null>(null);
  // The server's words when the customer changed the terms under this card (decision 019).
  const [changed, setChanged] = useState<string | null>(null);
  // The same when Edit Offer was refused: shown in the still-open dialog.
  const [counterRefusal, setCounterRefusal] = useState<string | null>(null);
  const action = useOpportunityAction();
  // Accept Request takes exactly these terms, so they are shown where the button is.
  const proposal = useHeldTerms(opportunity.canAccept ? customerProposal(opportunity) : null, (p) =>
    p ? p.id : null,
  );
  const held = useHeldTerms(opportunity, (o) => o.requestVersion);
  // The new block is itself the notice of a first change; a change while it is shown is flagged.
  const requestChangedAgain = held.before?.requestChangedSinceQuote === true;
  const notice =
    changed ??
    (proposal.before ? TERMS_MESSAGES.counterOfferChanged : null) ??
    (requestChangedAgain ? TERMS_MESSAGES.requestChanged : null);
  const settle = () => {
    setChanged(null);
    proposal.settle();
    held.settle();
  };
  // Why the buttons are off — or what Accept Request does — in visible words, not only a tooltip.
  const notes = opportunityNotes(opportunity);
  const noteId = `opp-note-${opportunity.id}`;
  const acceptNoteId = `opp-accept-note-${opportunity.id}`;
  const isBooked = isBookedOpportunity(opportunity.status, opportunity.completionStatus);
  const distance = distanceLabel(request.distanceKm);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  // Accept Request agrees to the counter offer this card shows, by its id, and to the request as the
  // card has it; the list reloads either way.
  const accept = (counterOfferId: string) =>
    action.mutate(
      {
        responseId: opportunity.id,
        action: { kind: 'accept', input: { counterOfferId, requestVersion: opportunity.requestVersion } },
      },
      {
        onSuccess: () => {
          settle();
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
          setCounterRefusal(null);
          settle();
          toast.success(OPPORTUNITY_MESSAGES.counterOfferSent);
        },
        onError: (e) => {
          // The dialog stays open on the request as it is now (the list reloads), with the words.
          if (isTermsChanged(e)) setCounterRefusal(e.message);
          else toast.error('Error', { description: failureText(e, OPPORTUNITY_MESSAGES.counterOfferFailed) });
        },
      },
    );
  // Keep My Quote agrees to the request as the card shows it now.
  const keepQuote = () =>
    action.mutate(
      {
        responseId: opportunity.id,
        action: { kind: 'keep-quote', input: { requestVersion: opportunity.requestVersion } },
      },
      {
        onSuccess: () => {
          settle();
          toast.success(TERMS_MESSAGES.quoteKept);
        },
        onError: (e) => {
          if (isTermsChanged(e)) setChanged(e.message);
          else toast.error('Error', { description: failureText(e, 'Failed to keep your quote.') });
        },
      },
    );

  const describedBy = notes.locked ? noteId : undefined;
  const acceptDescribedBy = notes.locked ? noteId : notes.accept ? acceptNoteId : undefined;
  const shownProposal = proposal.shown;
  const changedNoteId = `opp-changed-${opportunity.id}`;
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
      {notice ? <ChangeAlert message={notice} className="p-3" /> : null}
      {opportunity.requestChangedSinceQuote ? (
        <section
          className="grid gap-2 rounded-md border border-warning-border bg-warning p-3 text-warning-foreground"
          aria-label="Changed request"
        >
          <p id={changedNoteId} className="flex items-start gap-2 text-sm font-medium">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {TERMS_MESSAGES.requestChangedSinceQuote}
          </p>
          <RequestTerms request={request} />
          <div>
            <Button
              size="sm"
              disabled={!opportunity.canKeepQuote || action.isPending}
              aria-describedby={changedNoteId}
              onClick={keepQuote}
            >
              <Check aria-hidden="true" className="size-4" />
              Keep My Quote
            </Button>
          </div>
        </section>
      ) : null}
      {shownProposal?.terms ? (
        <div className="rounded-md border border-border bg-muted/50 p-3">
          <p className="text-sm font-medium">The customer proposes</p>
          <OfferTermsList terms={shownProposal.terms} priceType={opportunity.priceType} />
          {proposal.before?.terms ? (
            <p className="text-sm text-muted-foreground">
              Their previous proposal was {formatCurrency(proposal.before.terms.quotedPrice)}.
            </p>
          ) : null}
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
          disabled={!shownProposal || action.isPending}
          aria-describedby={acceptDescribedBy}
          onClick={() => (shownProposal ? accept(shownProposal.id) : undefined)}
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
          onPointerEnter={preloadCounterOfferForm}
          onFocus={preloadCounterOfferForm}
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
          onOpenChange={(open) => {
            if (!open) setCounterRefusal(null);
            closeDialog(open);
          }}
          onSubmit={sendCounter}
          isPending={action.isPending}
          refusal={counterRefusal}
        />
      ) : null}
    </article>
  );
}
