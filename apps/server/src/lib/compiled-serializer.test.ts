import { BusinessFeedPageSchema, MessagePageSchema, type BusinessRequestView } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { compiledSerializer } from './compiled-serializer';

const serialize = (schema: Parameters<typeof compiledSerializer>[0], data: unknown) =>
  compiledSerializer(schema)({ schema: {}, method: 'GET', url: '/', httpStatus: '200' })(data);

const view: BusinessRequestView = {
  id: 'r1',
  title: 'Leaking tap',
  serviceType: 'Plumbing',
  serviceSubtype: null,
  description: 'Drips all night',
  areaLabel: 'Glebe NSW',
  distanceKm: 3,
  locationAddress: null,
  preferredDate: null,
  preferredTime: null,
  timeFlexibility: null,
  flexibleDates: false,
  budgetMin: '100',
  budgetMax: null,
  budgetType: null,
  urgency: 'normal',
  isUrgent: false,
  images: [],
  status: 'open',
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
  myResponseId: null,
  myResponseStatus: null,
};

describe('compiledSerializer', () => {
  it('writes exactly what Zod would, for the feed and a conversation page', () => {
    const feed = {
      items: [view, { ...view, id: 'r2', distanceKm: null, myResponseStatus: 'pending' }],
      nextCursor: 'r2',
    };
    expect(JSON.parse(serialize(BusinessFeedPageSchema, feed))).toEqual(BusinessFeedPageSchema.parse(feed));
    const page = {
      items: [
        {
          id: 'm1',
          senderId: null,
          fromMe: false,
          senderName: 'Deleted user',
          message: 'Hi "there"\n',
          messageType: 'text',
          attachments: ['/uploads/a.jpg'],
          readAt: null,
          createdAt: '2026-11-28T00:00:00.000Z',
        },
      ],
      olderCursor: null,
    };
    expect(JSON.parse(serialize(MessagePageSchema, page))).toEqual(MessagePageSchema.parse(page));
  });

  it('never writes a field the schema does not name: a business never sees the owner or exact points', () => {
    const leaky = {
      ...view,
      userId: 'owner-user-id',
      latitude: -33.87981234,
      longitude: 151.18541234,
      matchTerms: ['plumbing'],
    };
    const json = serialize(BusinessFeedPageSchema, { items: [leaky], nextCursor: null, total: 7 });
    for (const secret of ['owner-user-id', '-33.8798', '151.1854', 'matchTerms', 'total']) {
      expect(json).not.toContain(secret);
    }
    expect(Object.keys(JSON.parse(json).items[0]).sort()).toEqual(Object.keys(view).sort());
  });

  it('refuses an answer missing a required field rather than send it short', () => {
    const { title: _title, ...untitled } = view;
    expect(() => serialize(BusinessFeedPageSchema, { items: [untitled], nextCursor: null })).toThrow();
  });
});
