import { pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** One row per service, grouped by category (spec 2 §3). */
export const serviceCategories = pgTable(
  'service_categories',
  {
    id: serial('id').primaryKey(),
    categoryName: text('category_name').notNull(),
    serviceName: text('service_name').notNull(),
  },
  (t) => [unique('service_categories_category_service_key').on(t.categoryName, t.serviceName)],
);
