import { text } from 'drizzle-orm/pg-core';

/** The columns of a Romanian address checked against the nomenclature (new builders at each use). */
export const romanianAddressColumns = () => ({
  countryCode: text('country_code').notNull().default('RO'),
  countyCode: text('county_code').notNull(),
  county: text('county').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  street: text('street'),
  number: text('number'),
});
