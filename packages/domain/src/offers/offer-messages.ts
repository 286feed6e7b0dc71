import { COUNTER_OFFER_IMAGE_MAX_BYTES } from '../shared/constants';
import { formatMegabytes, imageTooLargeMessage } from '../platform/uploads';
import { RESPONSE_MESSAGES } from './responses';

/** The words of the offer screens and of the offer lifecycle's refusals (lifecycles/offer.ts). */

/** Texts of the offer screens, verbatim where the spec has them. */
export const CUSTOMER_OFFER_MESSAGES = {
  notFound: 'Offer not found.',
  offerConfirmedTitle: 'Offer Confirmed',
  offerConfirmed: 'You have successfully confirmed the offer.',
  confirmFailed: 'Failed to confirm offer. Please try again.',
  ignoredTitle: 'Response Ignored',
  ignored: 'The response has been removed from your list.',
  ignoreFailed: 'Failed to ignore response. Please try again.',
  counterOfferSentTitle: 'Counter Offer Sent',
  counterOfferSent: 'Your modified offer has been sent to the business.',
  counterOfferSentWithImages: 'Your modified offer has been sent to the business with images.',
  counterOfferFailed: 'Failed to send counter offer. Please try again.',
  declinedTitle: 'Offer Declined',
  declined: 'Offer declined successfully',
  declineFailed: 'Failed to decline offer. Please try again.',
  declineConfirmTitle: 'Decline this offer?',
  declineConfirmText: 'The business will be told you chose another provider. This action cannot be undone.',
  /** The polite text the business receives when its offer is declined (spec 2 §4). */
  declineNotice: 'Thank you for your offer. I have decided to go with another provider for this request.',
  pendingFromBusiness: 'Pending response from business owner',
  messagingLocked: 'Messaging with the provider will be enabled once you have accepted their offer.',
  paymentNotice:
    "By confirming, you agree to the quoted price and the provider's terms. Payment is processed according to the provider's terms; Grip takes no payment.",
  // Refusals of the server, for a state that changed under the customer.
  notOpen: 'This offer can no longer be changed.',
  requestNotOpen: 'This request already has a confirmed booking or is closed.',
  counterOfferPendingDetail:
    'Your modified offer is waiting for the business. You can act again once they reply.',
  invalidFileTypeTitle: 'Invalid file type',
  invalidFileType: 'Please upload only image files.',
  fileTooLargeTitle: 'File too large',
  /** 'Please upload images smaller than 5MB.', from the one counter-offer limit. */
  fileTooLarge: imageTooLargeMessage(COUNTER_OFFER_IMAGE_MAX_BYTES),
  imagesHint: `Max ${formatMegabytes(COUNTER_OFFER_IMAGE_MAX_BYTES)}MB per image. JPG, PNG, GIF supported.`,
} as const;

export const OPPORTUNITY_MESSAGES = {
  notFound: 'Opportunity not found.',
  businessOnly: 'Only business accounts have opportunities.',
  /** The card's visible reason while the business's own counter offer awaits the customer. */
  counterOfferPending: 'Waiting for the customer to answer your counter offer.',
  counterOfferPendingDetail:
    'Your counter offer is waiting for the customer. You can act again once they reply.',
  notPending: 'This offer is no longer pending, so it cannot be changed here.',
  /** Decision 006's text for a request that is closed or archived. */
  requestNotOpen: RESPONSE_MESSAGES.notOpen,
  archived: 'You archived this offer, so it cannot be changed.',
  noCustomerCounterOffer: 'There is no counter offer from the customer to accept.',
  acceptedJob: 'The customer accepted this offer. It is now a confirmed job.',
  /** Why Accept Request is off while Decline and Edit Offer are on (decision 007). */
  acceptNeedsCounterOffer:
    'Accept Request agrees to a counter offer from the customer. It becomes available when they send one.',
  acceptTakesCounterOffer: "Accept Request agrees to the customer's counter offer as proposed.",
  counterOfferSent: 'Counter offer sent successfully!',
  counterOfferFailed: 'Failed to send counter offer. Please try again.',
  acceptedMessage: 'Counter offer accepted',
  empty: 'No pending opportunities',
} as const;
