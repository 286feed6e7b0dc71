// The API routes the budgets name, as the web app calls them, with the session of who calls them.
import { randomUUID } from 'node:crypto';
import { NOTIFICATION_DROPDOWN_LIMIT } from '@grip/domain';
import type { LoadTarget } from './load';
import type { Marketplace } from './marketplace';

export interface Sessions {
  customer: string;
  business: string;
}

export type EndpointName =
  | 'authenticated trivial route'
  | 'session source'
  | 'matching feed'
  | 'my requests'
  | 'notifications dropdown'
  | 'conversation page'
  | 'send message'
  | 'submit quote';

export type Endpoint = Omit<LoadTarget, 'durationSec' | 'runs'> & { name: EndpointName; path: string };

/**
 * Each endpoint as a load target on `base`. Writes make a new row per request: a new clientId per
 * message, and each quote on the next of the marketplace's quote targets (a business quotes once).
 */
export function endpoints(base: string, market: Marketplace, sessions: Sessions): Endpoint[] {
  const asCustomer = { cookie: sessions.customer, origin: base };
  const asBusiness = { cookie: sessions.business, origin: base };
  const conversation = `/api/conversations/${market.conversationId}`;
  let nextTarget = 0;
  const threads = [market.conversationId, ...market.otherConversationIds];
  let nextThread = 0;
  const quotePath = () => {
    const id = market.quoteTargets[nextTarget++ % market.quoteTargets.length];
    return `/api/business/requests/${id}/responses`;
  };
  return [
    // Signed in, and nothing more to do: the push key is kept in memory once read.
    {
      name: 'authenticated trivial route',
      path: '/api/push/key',
      url: `${base}/api/push/key`,
      headers: asCustomer,
    },
    // What every screen asks first: the session and the profile (one primary-key read).
    { name: 'session source', path: '/api/me', url: `${base}/api/me`, headers: asCustomer },
    {
      name: 'matching feed',
      path: '/api/business/requests?group=new',
      url: `${base}/api/business/requests?group=new&limit=20`,
      headers: asBusiness,
    },
    {
      name: 'my requests',
      path: '/api/requests?section=active',
      url: `${base}/api/requests?section=active&limit=20`,
      headers: asCustomer,
    },
    {
      name: 'notifications dropdown',
      path: `/api/notifications?limit=${NOTIFICATION_DROPDOWN_LIMIT}`,
      url: `${base}/api/notifications?limit=${NOTIFICATION_DROPDOWN_LIMIT}`,
      headers: asBusiness,
    },
    {
      name: 'conversation page',
      path: `${conversation}/messages`,
      url: `${base}${conversation}/messages`,
      headers: asCustomer,
    },
    {
      name: 'send message',
      path: 'POST /api/conversations/:id/messages',
      url: base,
      method: 'POST',
      headers: asCustomer,
      // Round the customer's fifty bookings: one conversation takes one send at a time (its row is
      // locked while the message is written), as a person writes one message at a time.
      pathFor: () => `/api/conversations/${threads[nextThread++ % threads.length]}/messages`,
      body: () =>
        JSON.stringify({ message: 'Is Thursday at 10 still good for you?', clientId: randomUUID() }),
    },
    {
      name: 'submit quote',
      path: 'POST /api/business/requests/:id/responses',
      url: base,
      method: 'POST',
      headers: asBusiness,
      // The path changes per request, so autocannon gets it through setupRequest (see load.ts).
      pathFor: quotePath,
      body: () =>
        JSON.stringify({
          message: 'I can fix the tap tomorrow morning; parts and labour included.',
          quotedPrice: 180,
          priceType: 'fixed',
        }),
      amount: market.quoteTargets.length,
    },
  ];
}
