import { formatBudget, formatCurrency, formatDate, type Opportunity, serviceLabel } from '@grip/domain';
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
import { distanceLabel } from '@/features/requests/business-request-display';
import { formatDateOnly } from '@/features/requests/request-display';
import { RequestImages } from '@/features/requests/components/request-images';
import { ImageGallery } from '@/features/offers/components/image-gallery';
import { OfferTermsList } from '@/features/offers/components/offer-terms';
import { OpportunityBadges } from './opportunity-badges';

const TYPE_LABEL: Record<string, string> = { counter_offer: 'Counter offer', completion: 'Completion' };

/**
 * The opportunity in full (spec 3 §2): request, response, images, conversation — with each message's
 * images (a customer's counter offer may carry photos) as thumbnails that open full size — badges, Close.
 */
export function OpportunityDetailDialog({
  opportunity,
  open,
  onOpenChange,
}: {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { request } = opportunity;
  const distance = distanceLabel(request.distanceKm);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{request.title}</DialogTitle>
          <DialogDescription>{serviceLabel(request.serviceType, request.serviceSubtype)}</DialogDescription>
        </DialogHeader>
        <OpportunityBadges opportunity={opportunity} />

        <section className="grid gap-2" aria-labelledby="opp-request">
          <h3 id="opp-request" className="text-sm font-semibold">
            Original request
          </h3>
          <p className="text-sm whitespace-pre-line">{request.description}</p>
          <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
            <div>
              <dt className="inline font-medium">Location: </dt>
              <dd className="inline">
                {request.locationAddress ?? request.areaLabel ?? 'Area not given'}
                {distance ? ` · ${distance}` : null}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium">Budget: </dt>
              <dd className="inline">{formatBudget(request)}</dd>
            </div>
            {request.preferredDate ? (
              <div>
                <dt className="inline font-medium">Preferred date: </dt>
                <dd className="inline">{formatDateOnly(request.preferredDate)}</dd>
              </div>
            ) : null}
          </dl>
          <RequestImages images={request.images} title={request.title} />
        </section>

        <section className="grid gap-2" aria-labelledby="opp-response">
          <h3 id="opp-response" className="text-sm font-semibold">
            Your response
          </h3>
          <p className="text-sm whitespace-pre-line">{opportunity.message}</p>
          <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
            <div>
              <dt className="inline font-medium">Quote: </dt>
              <dd className="inline tabular">
                {formatCurrency(opportunity.quotedPrice)}
                {opportunity.priceType === 'hourly' ? ' per hour' : ''}
              </dd>
            </div>
            {opportunity.availabilityDate ? (
              <div>
                <dt className="inline font-medium">Available: </dt>
                <dd className="inline">
                  {formatDateOnly(opportunity.availabilityDate)}
                  {opportunity.availabilityTime ? ` at ${opportunity.availabilityTime.slice(0, 5)}` : ''}
                </dd>
              </div>
            ) : opportunity.availabilityTime ? (
              <div>
                <dt className="inline font-medium">Available at: </dt>
                <dd className="inline">{opportunity.availabilityTime.slice(0, 5)}</dd>
              </div>
            ) : null}
          </dl>
          <RequestImages images={opportunity.proofImages} title="your response" />
        </section>

        <section className="grid gap-2" aria-labelledby="opp-thread">
          <h3 id="opp-thread" className="text-sm font-semibold">
            Conversation history ({opportunity.messageCount})
          </h3>
          {opportunity.messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">No messages yet.</p>
          ) : (
            <ol className="grid gap-2" aria-label="Conversation history">
              {opportunity.messages.map((m, index) => (
                <li
                  key={m.id}
                  className={
                    m.fromBusiness
                      ? 'ml-6 grid gap-1 rounded-lg bg-primary/10 px-3 py-2 text-sm'
                      : 'mr-6 grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm'
                  }
                >
                  <p className="text-xs text-muted-foreground">
                    {m.fromBusiness ? 'You' : 'Customer'}
                    {TYPE_LABEL[m.messageType] ? ` · ${TYPE_LABEL[m.messageType]}` : ''} ·{' '}
                    <time dateTime={m.createdAt}>{formatDate(new Date(m.createdAt))}</time>
                  </p>
                  <p className="whitespace-pre-line">{m.message}</p>
                  {m.offerTerms ? (
                    <OfferTermsList terms={m.offerTerms} priceType={opportunity.priceType} />
                  ) : null}
                  <ImageGallery
                    images={m.attachments}
                    title={`Images from ${m.fromBusiness ? 'you' : 'the customer'}, message ${index + 1}`}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
