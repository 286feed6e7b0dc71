import { formatDate, type CustomerOffer } from '@grip/domain';
import { cn } from '@/lib/utils';
import { ImageGallery } from './image-gallery';
import { OfferTermsList } from './offer-terms';

const TYPE_LABEL: Record<string, string> = { counter_offer: 'Counter offer', completion: 'Completion' };

/** The back-and-forth on this offer, oldest first, with each counter offer's terms and images. */
export function OfferThread({ offer }: { offer: CustomerOffer }) {
  if (offer.messages.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby="offer-thread">
      <h3 id="offer-thread" className="text-sm font-semibold">
        Conversation history
      </h3>
      <ol className="grid gap-2" aria-label="Conversation history">
        {offer.messages.map((m, index) => {
          const sender = m.fromCustomer ? 'You' : offer.business.name;
          return (
            <li
              key={m.id}
              className={cn(
                'grid gap-1 rounded-lg px-3 py-2 text-sm',
                m.fromCustomer ? 'ml-6 bg-primary/10' : 'mr-6 bg-muted',
              )}
            >
              <p className="text-xs text-muted-foreground">
                {sender}
                {TYPE_LABEL[m.messageType] ? ` · ${TYPE_LABEL[m.messageType]}` : ''} ·{' '}
                <time dateTime={m.createdAt}>{formatDate(new Date(m.createdAt))}</time>
              </p>
              {m.message ? <p className="break-words whitespace-pre-line">{m.message}</p> : null}
              {m.messageType === 'counter_offer' && m.offerTerms ? (
                <OfferTermsList terms={m.offerTerms} priceType={offer.priceType} />
              ) : null}
              <ImageGallery images={m.attachments} title={`Images from message ${index + 1}`} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
