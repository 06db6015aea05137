import { ZCustomerInput, type TCustomerInput } from '@colete/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../services.js';
import type { Database } from './client.js';
import { appMeta } from './schema/meta.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_customers_seeded_at';

/**
 * The demo client's customer book (issue 27) beside the recipients its demo shipments bring (the
 * backfill at start): companies with their CUI (two of the company-check simulator's register),
 * a foreign company and people with their contact, at real nomenclature addresses.
 */
const DEMO_CUSTOMERS: TCustomerInput[] = [
  { type: 'company', name: 'Transport Rapid SA', country: 'RO', phone: '0213001122', email: 'office@transportrapid.ro', identification: 'RO4221306', address: { countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' } },
  { type: 'company', name: 'Atelier Mobila Cluj SRL', country: 'RO', phone: '0264400500', email: 'comenzi@mobilacluj.ro', identification: 'RO15900825', address: { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' } },
  { type: 'company', name: 'Exemplu Comert SRL', country: 'RO', phone: '0248211300', email: '', identification: '12345674', address: null },
  { type: 'company', name: 'Müller Handel GmbH', country: 'DE', phone: '', email: 'einkauf@mueller-handel.de', identification: 'DE123456789', address: { street: 'Hauptstrasse 12', city: 'Berlin', postalCode: '10115' } },
  { type: 'individual', name: 'Ștefan Popescu', country: 'RO', phone: '0745123987', email: 'stefan.popescu@example.ro', identification: '', address: { countyCode: 'TM', city: 'Timișoara', postalCode: '300024', street: 'Bulevardul Revoluției 1989', number: '4' } },
  { type: 'individual', name: 'Ioana Țăranu', country: 'RO', phone: '0733222111', email: '', identification: '', address: { countyCode: 'AG', city: 'Lăzărești', postalCode: '117653', street: 'Strada Principala', number: '7' } },
  { type: 'individual', name: 'Andrei Mureșan', country: 'RO', phone: '0756333444', email: 'andrei.muresan@example.ro', identification: '1800101123450', address: null },
];

/** Once per database, after the demo accounts and the nomenclature. */
export async function seedDemoCustomers(database: Database, services: Pick<Services, 'customers'>) {
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return;
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.ro'));
  if (!client) return;
  for (const c of DEMO_CUSTOMERS) await services.customers.create(client.id, ZCustomerInput.parse(c));
}
