import { customType, text } from 'drizzle-orm/pg-core';

/** Binary data (a template's logo, an e-invoice's signed ZIP); node-postgres and PGlite both read it as a Buffer/Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

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
