import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '../../packages/contract/src/index.js';
import { ledgerEntries, users } from '../../apps/server/src/db/schema.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { newReferralCode } from '../../apps/server/src/lib/tokens.js';
import { loadNomenclature } from '../../apps/server/src/modules/geo/geo-loader.js';
import { between, pick } from '../lib/random.js';
import type { BenchRequest, Scenario, ScenarioContext } from '../lib/types.js';

/**
 * The shipments API as the browser calls it (issue 5): offers for one shipment (p95 under 20 ms),
 * one A6 label (under 50 ms), and a page of the shipments list on 100,000 shipments (under 30 ms
 * on PostgreSQL), each through the real routes with a signed-in client.
 */

export const PASSWORD = 'BenchParola1!';

/** A client with money, signed in through the API: the session cookie for every request. */
export async function signedInClient(ctx: ScenarioContext, label: string) {
  const email = `bench.${label}.${randomUUID().slice(0, 8)}@bench.ro`;
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD), name: `Bench ${label} SRL`, phone: '+40722000000', userType: USER_TYPE.client, accountType: 'company', referralCode: newReferralCode() })
    .returning();
  await ctx.database.db.insert(ledgerEntries).values({ userId: user!.id, kind: 'topup', amountBani: 100_000_000, description: 'Bench', reference: randomUUID() });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  const cookie = res.cookies.find((c) => c.name === 'co_session');
  if (!cookie) throw new Error(`bench sign-in failed: ${res.body}`);
  return { user: user!, headers: { cookie: `co_session=${cookie.value}` } };
}

type Place = { county_code: string; name: string; postal_code: string };
async function places(ctx: ScenarioContext): Promise<Place[]> {
  await loadNomenclature(ctx.database);
  return (await ctx.database.executeSql(
    `SELECT county_code, name, postal_code FROM geo_localities WHERE location_type = 'small_city' AND postal_code <> '0' ORDER BY id LIMIT 300`,
  )).rows as Place[];
}

function draftBody(random: () => number, from: Place, to: Place) {
  const parcels = between(random, 1, 3);
  return {
    sender: { contactName: 'Ana Expeditor', contactPhone: '+40722000001', countyCode: from.county_code, city: from.name, postalCode: from.postal_code, street: 'Strada Principala', number: '1' },
    recipient: { contactName: 'Ion Destinatar', contactPhone: '+40733000002', countyCode: to.county_code, city: to.name, postalCode: to.postal_code, street: 'Strada Garii', number: String(between(random, 1, 99)) },
    packages: Array.from({ length: parcels }, () => ({ type: 'parcel', weight: between(random, 1, 300) / 10, length: between(random, 10, 80), width: between(random, 10, 60), height: between(random, 3, 50) })),
    content: 'Marfa',
    clientReference: null,
    options: {
      cod: { active: random() < 0.6, amount: between(random, 10, 900) },
      insurance: { active: random() < 0.2, amount: between(random, 100, 3000) },
      openAtDelivery: random() < 0.3,
      saturdayDelivery: false,
    },
  };
}

export const shipmentOffers: Scenario = {
  name: 'shipment-offers',
  description: 'POST /api/shipments/offers: courier offers for one shipment (addresses checked, every courier priced, lockers near the recipient)',
  targetP95Ms: 20,
  async prepare(ctx) {
    const list = await places(ctx);
    const { headers } = await signedInClient(ctx, 'offers');
    const requests: BenchRequest[] = Array.from({ length: 300 }, () => ({
      method: 'POST',
      path: '/api/shipments/offers',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(draftBody(ctx.random, pick(ctx.random, list), pick(ctx.random, list))),
    }));
    return { requests, headers };
  },
};

export const shipmentLabel: Scenario = {
  name: 'shipment-label-a6',
  description: 'GET /api/order-auth/print/{uniqueId}/A6: one activated shipment’s A6 label PDF (one page per parcel, Code 128)',
  targetP95Ms: 50,
  async prepare(ctx) {
    const list = await places(ctx);
    const { headers } = await signedInClient(ctx, 'labels');
    const requests: BenchRequest[] = [];
    for (let i = 0; i < 40; i++) {
      const body = draftBody(ctx.random, pick(ctx.random, list), pick(ctx.random, list));
      const offers = await ctx.app.inject({ method: 'POST', url: '/api/shipments/offers', payload: body, headers });
      const offer = (offers.json().offers as { serviceId: string; type: string; errors: string[] }[]).find((o) => o.type === 'standard' && o.errors.length === 0 && o.serviceId);
      if (!offer) continue;
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        payload: { ...body, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true },
        headers,
      });
      const s = created.json().shipment as { uniqueId: string; labelFormats: string[] } | undefined;
      if (s?.labelFormats.includes('A6')) requests.push(`/api/order-auth/print/${s.uniqueId}/A6`);
    }
    if (requests.length === 0) throw new Error('no shipment with an A6 label could be made');
    return { requests, headers };
  },
};

/** 100,000 shipments: the measured client's 50,000 and 50,000 of 100 other clients, over a year. */
async function fillShipments(ctx: ScenarioContext, userId: number) {
  const others = await ctx.database.executeSql(
    `INSERT INTO users (email, password_hash, name, phone, account_type, referral_code)
     SELECT 'bench.other.' || g || '.' || md5(random()::text) || '@bench.ro', 'x', 'Client ' || g, '+40722000000', 'company', md5(random()::text)
     FROM generate_series(1, 100) g RETURNING id`,
  );
  const ids = (others.rows as { id: number }[]).map((r) => r.id);
  const statuses = ['draft', 'created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivered', 'delivered', 'returned', 'refused', 'cancelled'];
  const statusArray = `ARRAY[${statuses.map((s) => `'${s}'`).join(',')}]`;
  const owners = `ARRAY[${ids.join(',')}]::int[]`;
  // Five batches of 20,000 rows, built in SQL.
  for (let batch = 0; batch < 5; batch++) {
    await ctx.database.executeSql(
      `INSERT INTO shipments (unique_id, user_id, status, status_at, sender, recipient, packages, content, client_reference, options,
         courier_id, service_id, service_name, price_bani, price_no_vat_bani, awb, parcel_count, payment_type, search_text, created_at)
       SELECT upper(substr(md5(g::text || 'u${batch}'), 1, 14)),
              CASE WHEN g % 2 = 0 THEN ${userId} ELSE (${owners})[1 + (g % ${ids.length})] END,
              st, now() - (g % 365) * interval '1 day', snd, rcp,
              '[{"type":"parcel","weightGrams":1500,"lengthCm":30,"widthCm":20,"heightCm":10}]'::jsonb,
              'Marfa', 'CMD-' || g, '{"codBani":null,"insuranceBani":null,"openAtDelivery":false,"saturdayDelivery":false}'::jsonb,
              'sim-a', 'sim-a:standard', 'Standard', 2380, 2000, CASE WHEN st = 'draft' THEN NULL ELSE lpad((${batch} * 100000 + g)::text, 10, '0') END, 1, 'prepaid',
              lower(coalesce(lpad((${batch} * 100000 + g)::text, 10, '0'), '') || ' | ion popescu ' || g || ' | cluj-napoca | cmd-' || g),
              now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
       FROM generate_series(${batch * 20000 + 1}, ${(batch + 1) * 20000}) g,
            LATERAL (SELECT (${statusArray})[1 + (g % ${statuses.length})] AS st,
              jsonb_build_object('addressId', null, 'contactName', 'Ana Expeditor', 'contactCompany', null, 'contactPhone', '+40722000001', 'contactPhone2', null, 'contactEmail', null, 'addressCountryCode', 'RO', 'addressCountyCode', 'CJ', 'addressCounty', 'Cluj', 'addressCity', 'Cluj-Napoca', 'addressPostalCode', '400114', 'addressStreet', 'Strada Memorandumului', 'addressNumber', '28', 'addressBlock', null, 'addressEntrance', null, 'addressFloor', null, 'addressApartment', null, 'addressIntercom', null, 'addressAdditionalInfo', null) AS snd,
              jsonb_build_object('addressId', null, 'contactName', 'Ion Popescu ' || g, 'contactCompany', null, 'contactPhone', '+40733000002', 'contactPhone2', null, 'contactEmail', null, 'addressCountryCode', 'RO', 'addressCountyCode', 'B', 'addressCounty', 'Bucuresti', 'addressCity', 'Sectorul 1', 'addressPostalCode', '010093', 'addressStreet', 'Calea Victoriei', 'addressNumber', '120', 'addressBlock', null, 'addressEntrance', null, 'addressFloor', null, 'addressApartment', null, 'addressIntercom', null, 'addressAdditionalInfo', null) AS rcp) x`,
    );
  }
  // The steady state autovacuum keeps: statistics fresh and the visibility map set (index-only counts).
  await ctx.database.executeSql('VACUUM ANALYZE shipments');
}

export const shipmentsList: Scenario = {
  name: 'shipments-list',
  description: 'GET /api/shipments: a page of 25 of a client’s 50,000 shipments (100,000 in the table), by date range, status, AWB or recipient search',
  targetP95Ms: 30,
  // Issue 5 names this speed on PostgreSQL; the embedded PGlite (one connection) is measured too.
  targetOn: 'PostgreSQL',
  async prepare(ctx) {
    const { user, headers } = await signedInClient(ctx, 'list');
    await fillShipments(ctx, user.id);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const statuses = ['delivered', 'in_transit', 'created', 'returned', 'draft'];
    const requests: BenchRequest[] = Array.from({ length: 400 }, () => {
      const r = ctx.random();
      const from = between(ctx.random, 20, 365);
      if (r < 0.35) return `/api/shipments?page=${between(ctx.random, 1, 20)}&from=${day(from)}&to=${day(0)}`;
      if (r < 0.6) return `/api/shipments?status=${pick(ctx.random, statuses)}&from=${day(from)}&to=${day(0)}&page=${between(ctx.random, 1, 5)}`;
      if (r < 0.8) return `/api/shipments?q=${String(between(ctx.random, 1, 99_999) * 2).padStart(10, '0')}`;
      return `/api/shipments?q=${encodeURIComponent(`popescu ${between(ctx.random, 1, 49_999) * 2}`)}`;
    });
    return { requests, headers };
  },
};

export const shipmentScenarios: Scenario[] = [shipmentOffers, shipmentLabel, shipmentsList];
