import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Address book ---- */

/**
 * The properties carry the specification's names (TPartyAddress of the contract: addressCity, ...)
 * over the columns' older names, so a row is the address shape without a copy.
 */
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
    addressCountryCode: text('country_code').notNull().default('RO'),
    addressCountyCode: text('county_code').notNull(),
    addressCounty: text('county').notNull(),
    addressCity: text('city').notNull(),
    addressPostalCode: text('postal_code').notNull(),
    addressStreet: text('street'),
    addressNumber: text('number'),
    addressBlock: text('block'),
    addressEntrance: text('entrance'),
    addressIntercom: text('intercom'),
    addressFloor: text('floor'),
    addressApartment: text('apartment'),
    addressAdditionalInfo: text('additional_info'),
    /** 10: used as a pick-up point; locked, cannot be edited or deleted. */
    type: smallint('type').notNull().default(1),
    /** Normalised text of the whole entry, for the address book search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.id)],
);
