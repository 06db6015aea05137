import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/* ---- Romanian address nomenclature (loaded from data/ro/ at start) ---- */

export const geoCounties = pgTable('geo_counties', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nameNorm: text('name_norm').notNull(),
});

export const geoLocalities = pgTable(
  'geo_localities',
  {
    id: integer('id').primaryKey(),
    countyCode: text('county_code')
      .notNull()
      .references(() => geoCounties.code),
    name: text('name').notNull(),
    /** The commune a village belongs to (the spec's upLocality). */
    upLocality: text('up_locality'),
    nameNorm: text('name_norm').notNull(),
    /** ' word word ' of name and commune, normalised: matches any word's prefix. */
    searchWords: text('search_words').notNull(),
    /** The locality's code, or '0' when it has street-level codes. */
    postalCode: text('postal_code').notNull(),
    locationType: text('location_type', { enum: ['big_city', 'small_city', 'other'] }).notNull(),
    population: integer('population'),
    latitude: text('latitude'),
    longitude: text('longitude'),
  },
  (t) => [
    index('geo_localities_county_idx').on(t.countyCode, t.nameNorm),
    // (postal_code, id) keeps the reverse look-up on the index even before statistics exist.
    index('geo_localities_postal_id_idx').on(t.postalCode, t.id),
  ],
);

export const geoStreets = pgTable(
  'geo_streets',
  {
    id: integer('id').primaryKey(),
    localityId: integer('locality_id')
      .notNull()
      .references(() => geoLocalities.id),
    streetType: text('street_type').notNull(),
    streetName: text('street_name').notNull(),
    /** Type and name as shown: 'Strada Memorandumului'. */
    fullName: text('full_name').notNull(),
    fullNameNorm: text('full_name_norm').notNull(),
    searchWords: text('search_words').notNull(),
    numbers: text('numbers').notNull(),
    postalCode: text('postal_code').notNull(),
  },
  (t) => [
    index('geo_streets_locality_idx').on(t.localityId, t.fullNameNorm),
    index('geo_streets_postal_locality_idx').on(t.postalCode, t.localityId),
  ],
);

/** One row per distinct street of a locality: street search pages over these, with no GROUP BY. */
export const geoStreetNames = pgTable(
  'geo_street_names',
  {
    id: integer('id').primaryKey(),
    localityId: integer('locality_id')
      .notNull()
      .references(() => geoLocalities.id),
    fullName: text('full_name').notNull(),
    streetNameNorm: text('street_name_norm').notNull(),
    searchWords: text('search_words').notNull(),
  },
  (t) => [index('geo_street_names_locality_idx').on(t.localityId, t.streetNameNorm)],
);
