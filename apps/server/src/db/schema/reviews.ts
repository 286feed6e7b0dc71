import { REVIEW_TEXT_MAX_LENGTH } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The business's one public reply (issue 32). */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /**
     * When the review shows to anyone but its author (issue 32, double-blind): once the business has
     * reviewed the customer back, or 14 days after completion. Reviews before it were shown at once.
     */
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().defaultNow(),
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

/**
 * A business's rating of a customer for one completed job (issue 32): shown to businesses receiving
 * that customer's later requests as a rating and count, revealed like `reviews`.
 */
export const customerReviews = pgTable(
  'customer_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessUserId: text('business_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerUserId: text('customer_user_id')
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
    /** The customer's one public reply. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check(
      'customer_reviews_text_length_check',
      sql`${t.reviewText} is null or char_length(${t.reviewText}) <= ${sql.raw(String(REVIEW_TEXT_MAX_LENGTH))}`,
    ),
    // One review of the customer per job.
    uniqueIndex('customer_reviews_response_key').on(t.responseId),
    // A customer's standing: average and count.
    index('customer_reviews_customer_idx').on(t.customerUserId),
    index('customer_reviews_business_idx').on(t.businessUserId),
  ],
);
