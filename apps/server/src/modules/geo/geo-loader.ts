import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { appMeta } from '../../db/schema/meta.js';
import { buildNomenclature, nomenclatureVersion, type Nomenclature } from './nomenclature.js';

const META_KEY = 'geo_nomenclature';

/** One column of rows as a single array parameter (not expanded into a list). */
const column = <T>(rows: T[], key: keyof T) => sql.param(rows.map((r) => r[key]));

/** Bulk insert with one statement per table: INSERT ... SELECT FROM unnest(arrays). */
async function insertAll(tx: Tx, data: Nomenclature) {
  const c = data.counties;
  await tx.execute(sql`INSERT INTO geo_counties (code, name, name_norm)
    SELECT * FROM unnest(${column(c, 'code')}::text[], ${column(c, 'name')}::text[], ${column(c, 'nameNorm')}::text[])`);
  const l = data.localities;
  await tx.execute(sql`INSERT INTO geo_localities
    (id, county_code, name, up_locality, name_norm, search_words, postal_code, location_type, population, latitude, longitude)
    SELECT * FROM unnest(${column(l, 'id')}::int[], ${column(l, 'countyCode')}::text[], ${column(l, 'name')}::text[],
      ${column(l, 'upLocality')}::text[], ${column(l, 'nameNorm')}::text[], ${column(l, 'searchWords')}::text[],
      ${column(l, 'postalCode')}::text[], ${column(l, 'locationType')}::text[], ${column(l, 'population')}::int[],
      ${column(l, 'latitude')}::text[], ${column(l, 'longitude')}::text[])`);
  const s = data.streets;
  await tx.execute(sql`INSERT INTO geo_streets
    (id, locality_id, street_type, street_name, full_name, full_name_norm, search_words, numbers, postal_code)
    SELECT * FROM unnest(${column(s, 'id')}::int[], ${column(s, 'localityId')}::int[], ${column(s, 'streetType')}::text[],
      ${column(s, 'streetName')}::text[], ${column(s, 'fullName')}::text[], ${column(s, 'fullNameNorm')}::text[],
      ${column(s, 'searchWords')}::text[], ${column(s, 'numbers')}::text[], ${column(s, 'postalCode')}::text[])`);
  const n = data.streetNames;
  await tx.execute(sql`INSERT INTO geo_street_names (id, locality_id, full_name, street_name_norm, search_words)
    SELECT * FROM unnest(${column(n, 'id')}::int[], ${column(n, 'localityId')}::int[], ${column(n, 'fullName')}::text[],
      ${column(n, 'streetNameNorm')}::text[], ${column(n, 'searchWords')}::text[])`);
}

/**
 * Loads the Romanian nomenclature (data/ro/) into its tables, once per data version: a start
 * with the same files only compares a hash; new files replace the old rows in one transaction.
 */
export async function loadNomenclature(database: Database): Promise<{ loaded: boolean; version: string }> {
  const version = nomenclatureVersion();
  const [current] = await database.db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if (current?.value === version) return { loaded: false, version };

  const data = buildNomenclature();
  let loaded = false;
  await database.db.transaction(async (tx) => {
    // Two instances starting together: the row lock makes the second wait, then find it done.
    await tx.insert(appMeta).values({ key: META_KEY, value: 'loading' }).onConflictDoNothing();
    const [locked] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY)).for('update');
    if (locked?.value === data.version) return;
    await tx.execute(sql`DELETE FROM geo_street_names`);
    await tx.execute(sql`DELETE FROM geo_streets`);
    await tx.execute(sql`DELETE FROM geo_localities`);
    await tx.execute(sql`DELETE FROM geo_counties`);
    await insertAll(tx, data);
    await tx.update(appMeta).set({ value: data.version, updatedAt: new Date() }).where(eq(appMeta.key, META_KEY));
    loaded = true;
  });
  // Fresh planner statistics: PGlite never collects them by itself, and without them the
  // planner scans whole tables for the postal-code look-ups.
  if (loaded) await database.executeSql('ANALYZE geo_counties, geo_localities, geo_streets, geo_street_names');
  return { loaded, version: data.version };
}
