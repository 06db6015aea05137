import { sql } from 'drizzle-orm';
import type { TPartyAddress, TTemplateOptions } from '@colete/contract';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.js';
import { bytea } from './columns.js';
import { users } from './users.js';


/* ---- Templates (spec 001, issue 6): order templates with a public return link, packaging ---- */

/** The template's address: a copy of the address-book row it came from (addressId) or of a typed one. */
export type TemplateAddress = TPartyAddress & {
  addressId: number | null;
  /** The address-book entry's type (10 locks the form), 1 for a typed address. */
  type: number;
  shortName: string;
};
/** The options without the terms, which have their own column. */
export type StoredTemplateOptions = Omit<TTemplateOptions, 'terms'>;

export const orderTemplates = pgTable(
  'order_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public return link's id (/order/return/{uniqueId}). */
    uniqueId: text('unique_id').notNull(),
    name: text('name').notNull(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    toAddress: jsonb('to_address').$type<TemplateAddress>().notNull(),
    options: jsonb('options').$type<StoredTemplateOptions>().notNull(),
    /** Sanitised HTML (admin only). */
    terms: text('terms').notNull().default(''),
    approved: boolean('approved').notNull().default(false),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    /** Bumped on every new logo: the logo URL carries it, so browsers never show an old one. */
    logoVersion: integer('logo_version').notNull().default(0),
    /** Normalised name and address, for the list's search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted templates keep their row (returns made from them point to it) but are unknown everywhere. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_templates_unique_id_key').on(t.uniqueId),
    index('order_templates_user_idx').on(t.userId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('order_templates_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Accepted submissions of the public return page, kept a day: the rate limits count them (shared by every instance). */
export const returnAttempts = pgTable(
  'return_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => orderTemplates.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_attempts_ip_idx').on(t.ip, t.createdAt), index('return_attempts_template_idx').on(t.templateId, t.createdAt), index('return_attempts_created_idx').on(t.createdAt)],
);
