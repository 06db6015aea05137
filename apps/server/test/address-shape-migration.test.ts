import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';

/** The migration that gave stored addresses the specification's names (0016_address_shape). */
const MIGRATION = readFileSync(new URL('../drizzle/0016_address_shape.sql', import.meta.url), 'utf8');
const runMigration = async (ctx: TestContext) => {
  for (const statement of MIGRATION.split('--> statement-breakpoint')) await ctx.database.executeSql(statement);
};

/** A party as shipments stored it before the address shape. */
const OLD_PARTY = {
  addressId: null,
  contactName: 'Ion Popescu',
  company: 'Popescu SRL',
  phone: '+40733000002',
  phone2: null,
  email: 'ion@exemplu.ro',
  countryCode: 'RO',
  countyCode: 'B',
  county: 'București',
  city: 'Sectorul 1',
  postalCode: '010093',
  street: 'Calea Victoriei',
  number: '120',
  block: 'A',
  entrance: '2',
  floor: '3',
  apartment: '14',
  intercom: '14B',
  additionalInfo: 'Langa parc',
};
const NEW_PARTY = {
  addressId: null,
  contactName: 'Ion Popescu',
  contactCompany: 'Popescu SRL',
  contactPhone: '+40733000002',
  contactPhone2: null,
  contactEmail: 'ion@exemplu.ro',
  addressCountryCode: 'RO',
  addressCountyCode: 'B',
  addressCounty: 'București',
  addressCity: 'Sectorul 1',
  addressPostalCode: '010093',
  addressStreet: 'Calea Victoriei',
  addressNumber: '120',
  addressBlock: 'A',
  addressEntrance: '2',
  addressFloor: '3',
  addressApartment: '14',
  addressIntercom: '14B',
  addressAdditionalInfo: 'Langa parc',
};

let ctx: TestContext;
let alice: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createUser(ctx);
});
afterAll(async () => ctx?.close());

describe('the address shape migration', () => {
  it('renames the keys of stored shipment parties and template addresses, idempotently, and the answers read them', async () => {
    const old = JSON.stringify(OLD_PARTY);
    await ctx.database.executeSql(
      `INSERT INTO shipments (unique_id, user_id, status, sender, recipient, packages, content, options, search_text)
       VALUES ('OLDSHAPE0001', $1, 'draft', $2::jsonb, $2::jsonb, '[{"type":"parcel","weightGrams":1500,"lengthCm":30,"widthCm":20,"heightCm":10}]'::jsonb,
               'Marfa', '{"codBani":null,"insuranceBani":null,"openAtDelivery":false,"saturdayDelivery":false}'::jsonb, '')`,
      [alice.id, old],
    );
    // Templates already had the contact names; their address parts had the old ones.
    const { company, phone, phone2, email, ...oldAddress } = OLD_PARTY;
    const oldTemplate = { ...oldAddress, contactCompany: company, contactPhone: phone, contactPhone2: phone2, contactEmail: email, type: 1, shortName: 'Depozit' };
    await ctx.database.executeSql(
      `INSERT INTO order_templates (user_id, unique_id, name, to_address, options, search_text)
       VALUES ($1, 'old-shape-template', 'Vechi', $2::jsonb, '{}'::jsonb, '')`,
      [alice.id, JSON.stringify(oldTemplate)],
    );

    await runMigration(ctx);
    await runMigration(ctx); // idempotent: a second run changes nothing

    const shipment = (await ctx.database.executeSql(`SELECT sender, recipient FROM shipments WHERE unique_id = 'OLDSHAPE0001'`)).rows[0] as { sender: unknown; recipient: unknown };
    expect(shipment.sender).toEqual(NEW_PARTY);
    expect(shipment.recipient).toEqual(NEW_PARTY);
    const template = (await ctx.database.executeSql(`SELECT to_address FROM order_templates WHERE unique_id = 'old-shape-template'`)).rows[0] as { to_address: Record<string, unknown> };
    expect(template.to_address).toEqual({ ...NEW_PARTY, type: 1, shortName: 'Depozit' });

    // The detail answers in its own names, as before.
    const detail = await as(ctx, alice, { method: 'GET', url: '/api/shipments/OLDSHAPE0001' });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().shipment.recipientAddress).toEqual({
      contactName: 'Ion Popescu',
      company: 'Popescu SRL',
      phone: '+40733000002',
      email: 'ion@exemplu.ro',
      county: 'București',
      city: 'Sectorul 1',
      postalCode: '010093',
      line: 'Calea Victoriei 120, Bl. A, Sc. 2, Et. 3, Ap. 14, Langa parc',
    });
    expect(detail.json().shipment.recipient).toEqual({ contactName: 'Ion Popescu', city: 'Sectorul 1', county: 'București' });
  });
});
