import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { shipments } from '../src/db/schema.js';
import {
  annexShipments,
  isPostpaidShipment,
  shipmentIdsMatching,
  shipmentIsActiveWithAwb,
  shipmentIsCancelled,
} from '../src/modules/shipments/shipment-fragments.js';
import { searchShipmentIds } from '../src/modules/shipments/shipments-queries.js';
import { openTestDatabase } from './helper.js';
import { insertClient } from './support/clients.js';

/*
 * The SQL parts the shipments module answers for other modules' statements (shipment-fragments.ts),
 * called directly: the search takes %, _ and \ literally and never finds another client's shipment,
 * and each condition holds for the shipments it names and no other.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const db = () => database.db;
const party = { contactName: 'Ana', contactPhone: '0722000000', addressCity: 'Cluj-Napoca' } as never;
type Values = Partial<typeof shipments.$inferInsert>;
let seq = 0;
async function ship(userId: number, values: Values = {}) {
  seq += 1;
  const [row] = await db()
    .insert(shipments)
    .values({ uniqueId: `FRAG${userId}-${seq}`, userId, status: 'created', sender: party, recipient: party, packages: [], content: 'Test', paymentType: 'prepaid', options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false }, courierId: 'rapidcarpati', ...values })
    .returning();
  return row!;
}

const byId = (a: number, b: number) => a - b;

/** The ids among `ids` (a list of the caller's, not the shipments table) for which `condition` holds. */
async function idsWhere(ids: number[], condition: (id: SQL) => SQL): Promise<number[]> {
  const list = sql.join(ids.map((id) => sql`(${id}::int)`), sql`, `);
  const res = await db().execute(sql`select x.id from (values ${list}) x(id) where ${condition(sql`x.id`)} order by x.id`);
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

describe("the client's shipments search", () => {
  it('takes %, _ and \\ literally, and never answers another client\'s shipment', async () => {
    const alice = await insertClient(db());
    const bob = await insertClient(db());
    const texts = ['cmd_7 radu', 'cmdx7 radu', 'pret 50% ion', 'pret 50x ion', 'cale a\\b', 'cale ab'];
    const mine = await Promise.all(texts.map((searchText) => ship(alice, { searchText })));
    const id = (text: string) => mine[texts.indexOf(text)]!.id;
    await ship(bob, { searchText: 'cmd_7 radu' });
    const subquery = async (text: string) => {
      const res = await db().execute(sql`select ${shipments.id} as id from ${shipments} where ${shipments.id} in ${shipmentIdsMatching(alice, text)} order by ${shipments.id}`);
      return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    };
    for (const [text, found] of [
      ['cmd_7', [id('cmd_7 radu')]],
      ['50%', [id('pret 50% ion')]],
      ['a\\b', [id('cale a\\b')]],
      ['radu', [id('cmd_7 radu'), id('cmdx7 radu')]],
    ] as const) {
      const expected = [...found].sort(byId);
      expect((await searchShipmentIds(db(), alice, text, 10)).sort(byId), text).toEqual(expected);
      expect(await subquery(text), text).toEqual(expected);
    }
  });
});

describe('the conditions on a shipment id', () => {
  it("a charge's shipment is postpaid only when it was paid after delivery", async () => {
    const u = await insertClient(db());
    const postpaid = await ship(u, { paymentType: 'postpaid' });
    const prepaid = await ship(u, { paymentType: 'prepaid' });
    expect(await idsWhere([postpaid.id, prepaid.id, 0], (id) => isPostpaidShipment(id))).toEqual([postpaid.id]);
  });

  it('the store is told of an AWB in a live status only; a cancelled shipment is cancelled', async () => {
    const u = await insertClient(db());
    const live = await Promise.all((['created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const).map((status, i) => ship(u, { status, awb: `L${u}-${i}` })));
    const noAwb = await ship(u, { status: 'created' });
    const dead = await Promise.all((['draft', 'activating', 'returned', 'refused', 'cancelled'] as const).map((status, i) => ship(u, { status, awb: `D${u}-${i}` })));
    const all = [...live, noAwb, ...dead].map((s) => s.id);
    expect(await idsWhere(all, shipmentIsActiveWithAwb)).toEqual(live.map((s) => s.id).sort(byId));
    expect(await idsWhere(all, shipmentIsCancelled)).toEqual([dead[4]!.id]);
  });
});

describe("an annex's shipment columns", () => {
  it('answers the columns an annex line shows, joined by id', async () => {
    const u = await insertClient(db());
    const activatedAt = new Date('2026-10-31T21:59:59.999Z');
    const s = await ship(u, { awb: `ANX${u}`, serviceName: 'Standard', activatedAt, packages: [{ weightKg: 1 }] as never });
    const annex = annexShipments();
    const rows = await db().select().from(annex).where(sql`${annex.id} = ${s.id}`);
    expect(rows).toEqual([{ id: s.id, activatedAt, awb: `ANX${u}`, recipient: party, serviceName: 'Standard', packages: [{ weightKg: 1 }] }]);
  });
});
