import { randomUUID } from 'node:crypto';
import { ZShipmentCreateRequest, ZShipmentDraft } from '@colete/contract';
import { and, eq, sql } from 'drizzle-orm';
import { backdateMovements } from '../modules/ledger/index.js';
import type { Recording } from '../modules/shipments/index.js';
import type { Services } from '../services.js';
import type { UserRow } from '../types.js';
import type { Database } from './client.js';
import { addresses } from './schema/addresses.js';
import { courierSimAwbs } from './schema/courier-sim.js';
import { appMeta } from './schema/meta.js';
import { shipmentEvents, shipments } from './schema/shipments.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_shipments_seeded_at';
const DAY = 86_400_000;
/** The demo's history tells nobody, is recorded on the real clock (it is dated back after) and at the couriers' prices. */
const history = (): Recording => ({ notify: false, at: new Date(), listPrice: true });

const FIRST = ['Andreea', 'Bogdan', 'Cristina', 'Daniel', 'Elena', 'Florin', 'Gabriela', 'Horia', 'Ioana', 'Lucian', 'Maria', 'Radu'];
const LAST = ['Popescu', 'Ionescu', 'Dumitrescu', 'Stan', 'Georgescu', 'Matei', 'Constantin', 'Marin', 'Toma', 'Barbu'];
const CONTENTS = ['Carti', 'Imbracaminte', 'Cosmetice', 'Piese auto', 'Jucarii', 'Accesorii telefon', 'Documente', 'Cafea de specialitate'];

/**
 * A few months of the demo client's shipments, made the way a client makes them (offers, activation
 * through the courier simulator, charged to the balance), then dated back so the courier's tracking
 * has moved them through every state; some with cash on delivery, a few saved drafts and a cancelled
 * one. Runs once per database, after the demo accounts exist; sends no notification mail. Made
 * through the composition root's shipments service.
 */
export async function seedDemoShipments(database: Database, services: Pick<Services, 'shipments'>, count = 30) {
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return 0;
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  if (!client) return 0;
  const [senderAddress] = await db.select().from(addresses).where(and(eq(addresses.userId, client.id), eq(addresses.shortName, 'Depozit Cluj'))).limit(1);
  // Recipients in real localities with their own postal code (no street-level codes needed).
  const places = (await database.executeSql(
    `SELECT l.county_code, l.name, l.postal_code FROM geo_localities l
      WHERE l.postal_code <> '0' AND l.location_type = 'small_city' AND l.county_code <> 'CJ'
      ORDER BY l.population DESC NULLS LAST, l.id LIMIT 40`,
  )).rows as { county_code: string; name: string; postal_code: string }[];
  if (!senderAddress || places.length === 0) return 0;

  const service = services.shipments;
  let made = 0;
  for (let i = 0; i < count; i++) {
    const place = places[(i * 7) % places.length]!;
    const daysAgo = Math.round((count - i) * (90 / count)) - 1;
    const drafts = i === count - 1 || i === count - 4;
    const withCod = i % 3 !== 1;
    const parcels = i % 4 === 0 ? 2 : 1;
    const envelope = i % 9 === 5;
    const body = {
      sender: { addressId: senderAddress.id },
      recipient: {
        contactName: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
        contactPhone: `+4072${String(1000000 + i * 7919).slice(0, 7)}`,
        countyCode: place.county_code,
        city: place.name,
        postalCode: place.postal_code,
        street: 'Strada Principala',
        number: String(1 + ((i * 13) % 120)),
      },
      packages: envelope
        ? [{ type: 'envelope' as const, weight: 0.2, length: 24, width: 16, height: 1 + 2 }]
        : Array.from({ length: parcels }, (_, k) => ({ type: 'parcel' as const, weight: 1 + ((i + k) % 5) * 0.75, length: 30 + k * 5, width: 20, height: 10 + (i % 3) * 5 })),
      content: CONTENTS[i % CONTENTS.length]!,
      clientReference: `CMD-${2400 + i}`,
      options: {
        cod: { active: withCod && !envelope, amount: withCod && !envelope ? 49.9 + ((i * 37) % 400) : 0 },
        insurance: { active: i % 5 === 0, amount: i % 5 === 0 ? 300 : 0 },
        openAtDelivery: i % 4 === 1,
        saturdayDelivery: false,
      },
    };
    try {
      const offers = await service.offers(client as UserRow, ZShipmentDraft.parse(body));
      const pick = offers.find((o) => o.errors.length === 0 && (i % 5 === 2 ? o.type === 'locker' : o.type === (i % 6 === 3 ? 'express' : 'standard')));
      const chosen = pick ?? offers.find((o) => o.errors.length === 0 && o.type !== 'locker');
      if (!chosen) continue;
      const { row } = await service.create(
        client as UserRow,
        ZShipmentCreateRequest.parse({ ...body, serviceId: chosen.serviceId, pointId: chosen.points[0]?.id ?? null, requestKey: randomUUID().replace(/-/g, ''), activate: !drafts }),
        history(),
      );
      // One recent shipment is cancelled by the client before the courier came.
      if (i === count - 2 && row.awb) await service.cancel(client as UserRow, row.uniqueId, history());
      // The last few are from the past hours (still on their way); the others spread over three months.
      const recent = count - i <= 4;
      const at = recent ? new Date(Date.now() - (count - i) * 4 * 3_600_000) : new Date(Date.now() - daysAgo * DAY - ((i * 97) % 600) * 60_000);
      const [s] = await db.select().from(shipments).where(eq(shipments.uniqueId, row.uniqueId));
      await db.update(shipments).set({ createdAt: at, statusAt: at, ...(s!.activatedAt ? { activatedAt: at } : {}) }).where(eq(shipments.id, s!.id));
      if (s!.awb) {
        await db.update(courierSimAwbs).set({ createdAt: at }).where(eq(courierSimAwbs.awb, s!.awb));
        await db.update(shipmentEvents).set({ at }).where(eq(shipmentEvents.shipmentId, s!.id));
        await backdateMovements(db, { userId: s!.userId, reference: `shipment:${s!.id}`, at });
      }
      made += 1;
    } catch {
      // A demo shipment the simulator refuses is simply left out.
    }
  }
  // The courier's news up to now, for everything on its way.
  await service.trackOpen(1000, history());
  await db.execute(sql`ANALYZE shipments`);
  return made;
}
