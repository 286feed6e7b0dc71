import { REVIEW_TEXT_MAX_LENGTH } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';
import { serviceRequests } from './requests';
import { businessResponses } from './responses';

/** A customer's rating of a business for one completed job. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessUserId: text('business_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => businessResponses.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_text_length_check',
      sql`${t.reviewText} is null or char_length(${t.reviewText}) <= ${sql.raw(String(REVIEW_TEXT_MAX_LENGTH))}`,
    ),
    // One review per customer per request.
    uniqueIndex('reviews_request_user_key').on(t.requestId, t.userId),
    // Reputation: average and count per business.
    index('reviews_business_idx').on(t.businessUserId),
    // The reviews a customer wrote (Job History's and Customer Settings' rating given; account deletion).
    index('reviews_user_idx').on(t.userId),
  ],
);
