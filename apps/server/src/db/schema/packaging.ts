import type { TPackageAxes } from '@colete/contract';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/* ---- Packaging (spec 001, issue 6): packed goods and package types kept under a name ---- */

export type PackagingTemplateContent = {
  content: string;
  envelope: boolean;
  isDocuments: boolean;
  /** The contract's package by axis (kg and cm), as the packaging lists name it. */
  packages: Array<TPackageAxes & { name: string }>;
};

/** 'Marfa ambalata': the packages of a shipment kept under a name. */
export const packagingTemplates = pgTable(
  'packaging_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    favourite: boolean('favourite').notNull().default(false),
    template: jsonb('template').$type<PackagingTemplateContent>().notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: favourites first, then newest.
    index('packaging_templates_user_idx').on(t.userId, t.favourite, t.createdAt, t.id),
    index('packaging_templates_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** 'Tipuri ambalaje': one package's sizes kept under a name (kg and cm). */
export const savedPackages = pgTable(
  'saved_packages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weight: doublePrecision('weight').notNull(),
    xLength: doublePrecision('x_length').notNull(),
    yLength: doublePrecision('y_length').notNull(),
    zLength: doublePrecision('z_length').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_packages_user_idx').on(t.userId, t.createdAt, t.id), index('saved_packages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);
