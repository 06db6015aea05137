import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { romanianAddressColumns } from './columns.js';
import { users } from './users.js';

/* ---- Address book ---- */

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shortName: text('short_name').notNull(),
    contactCompany: text('contact_company'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactPhone2: text('contact_phone2'),
    contactEmail: text('contact_email'),
    ...romanianAddressColumns(),
    block: text('block'),
    entrance: text('entrance'),
    intercom: text('intercom'),
    floor: text('floor'),
    apartment: text('apartment'),
    additionalInfo: text('additional_info'),
    /** 10: used as a pick-up point; locked, cannot be edited or deleted. */
    type: smallint('type').notNull().default(1),
    /** Normalised text of the whole entry, for the address book search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.id)],
);
