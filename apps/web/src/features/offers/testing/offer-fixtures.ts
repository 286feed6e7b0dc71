import type { CustomerOffer, OfferMessage } from '@grip/domain';

type OfferOverrides = Partial<Omit<CustomerOffer, 'request' | 'business' | 'actions'>> & {
  request?: Partial<CustomerOffer['request']>;
  business?: Partial<CustomerOffer['business']>;
  actions?: Partial<CustomerOffer['actions']>;
};

const OPEN_ACTIONS: CustomerOffer['actions'] = {
  kind: 'open',
  hasPendingCounterOffer: false,
  canConfirm: true,
  canModify: true,
  canDecline: true,
  canIgnore: true,
  canMessage: false,
};

/** An open offer as GET /api/offers/:id answers it; nested parts merge with the overrides. */
export function makeOffer(overrides: OfferOverrides = {}): CustomerOffer {
  const { request, business, actions, ...rest } = overrides;
  return {
    id: 'resp1',
    request: {
      id: 'r1',
      title: 'Leaking tap request',
      serviceType: 'Home & Property Services',
      description: 'The kitchen tap drips all night.',
      locationAddress: '12 Smith St, Surry Hills NSW 2010',
      preferredDate: '2026-05-04',
      preferredTime: '10:00:00',
      budgetMin: '150',
      budgetMax: '250',
      status: 'open',
      ...request,
    },
    business: {
      userId: 'b1',
      name: 'Drip Fix Plumbing',
      ratingAverage: 4.6,
      reviewCount: 12,
      lateCancellations: 0,
      email: null,
      phone: null,
      ...business,
    },
    quotedPrice: '80.00',
    priceType: 'hourly',
    availabilityDate: '2026-05-05',
    availabilityTime: '09:30:00',
    estimatedDuration: '2 hours',
    message: 'I can come tomorrow morning.',
    proofImages: [],
    termsConditions: 'Parts are extra.',
    engagementNotes: null,
    isAcceptedAsIs: false,
    termsVersion: 'v-80-hourly',
    requestChangedSinceQuote: false,
    status: 'pending',
    completionStatus: 'pending',
    completionDate: null,
    contestDeadline: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    stateBadge: null,
    viewStatus: 'NEW',
    customerSentModifiedOffer: false,
    messages: [],
    ...rest,
    actions: { ...OPEN_ACTIONS, ...actions },
  };
}

export function makeOfferMessage(overrides: Partial<OfferMessage> = {}): OfferMessage {
  return {
    id: 'm1',
    fromCustomer: true,
    message: 'Could you do it for less?',
    messageType: 'counter_offer',
    attachments: [],
    offerTerms: {
      quotedPrice: '60.00',
      preferredDate: '2026-05-06',
      preferredTime: '14:00',
      timeFlexibility: 'flexible',
    },
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}
