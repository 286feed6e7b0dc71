import { ratingSummary, type CustomerBooking } from '@grip/domain';
import { Mail, Phone, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { BookingChangesPanel } from '@/features/booking-changes/components/booking-changes-panel';
import { AddToCalendarButton } from '@/features/calendar/components/add-to-calendar-button';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';
import { RequestImages } from '@/features/requests/components/request-images';
import { availabilityLabel, preferredWhenLabel } from '@/features/offers/offer-display';
import { BOOKING_IMAGE_PREVIEW_LIMIT, bookingPriceLabel } from '../booking-display';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * An expanded Confirmed Requests card (spec 2): the original request, the accepted response with the
 * business's contact details (shown once a quote is accepted, PRODUCT-DECISIONS) and real rating, and
 * the conversation with the business (the messages feature's panel; the full page a link away).
 */
export function BookingDetails({ booking }: { booking: CustomerBooking }) {
  const { request, business } = booking;
  const idBase = `booking-${booking.responseId}`;
  const availability = availabilityLabel(booking.availabilityDate, booking.availabilityTime);

  return (
    <div className="grid gap-5">
      <BookingChangesPanel
        responseId={booking.responseId}
        requestId={booking.requestId}
        title={request.title}
        viewer="customer"
        changes={booking.changes}
      />
      <div className="flex flex-wrap gap-2">
        <AddToCalendarButton
          responseId={booking.responseId}
          isDated={booking.changes.agreedTime.date !== null}
        />
      </div>
      <Section id={`${idBase}-request`} title="Your request">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Title">{request.title}</Detail>
          <Detail label="Service">{request.serviceType}</Detail>
          <div className="sm:col-span-2">
            <Detail label="Description">
              <span className="whitespace-pre-line">{request.description}</span>
            </Detail>
          </div>
          <Detail label="Address">{request.locationAddress ?? 'No address given'}</Detail>
          <Detail label="Preferred date and time">
            {preferredWhenLabel(request.preferredDate, request.preferredTime)}
          </Detail>
        </dl>
        <RequestImages images={request.images} title={request.title} limit={BOOKING_IMAGE_PREVIEW_LIMIT} />
      </Section>

      <Section id={`${idBase}-response`} title="Accepted response">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Quote">
            <span className="tabular">{bookingPriceLabel(booking)}</span>
          </Detail>
          <Detail label="Duration">{booking.estimatedDuration ?? 'Not given'}</Detail>
          <Detail label="Availability">{availability ?? 'Not given'}</Detail>
          <Detail label="Rating">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
              {ratingSummary(business.ratingAverage, business.reviewCount)}
            </span>
          </Detail>
          <div className="sm:col-span-2">
            <Detail label="Message">
              <span className="whitespace-pre-line">{booking.message}</span>
            </Detail>
          </div>
          {booking.termsConditions ? (
            <div className="sm:col-span-2">
              <Detail label="Terms and conditions">
                <span className="whitespace-pre-line">{booking.termsConditions}</span>
              </Detail>
            </div>
          ) : null}
          <Detail label="Email">
            {business.email ? (
              <a
                href={`mailto:${business.email}`}
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                <span className="break-all">{business.email}</span>
              </a>
            ) : (
              'Not given'
            )}
          </Detail>
          <Detail label="Phone">
            {business.phone ? (
              <a
                href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                {business.phone}
              </a>
            ) : (
              'Not given'
            )}
          </Detail>
        </dl>
      </Section>

      {/*
        The spec's conversation panel: the thread, a text box and Send (Enter sends, Shift+Enter does
        not). Its 'Open conversation' link replaces the old Message Business link to the same page.
      */}
      <ConversationPanel responseId={booking.responseId} variant="embedded" />
    </div>
  );
}
