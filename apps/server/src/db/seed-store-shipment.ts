import { randomUUID } from 'node:crypto';
import { ZShipmentCreateRequest, ZShipmentDraft } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { demoShop, SIM_DEMO_SHOP } from '../integrations/store/index.js';
import type { Services } from '../services.js';
import type { UserRow } from '../types.js';
import type { Database } from './client.js';
import { addresses } from './schema/addresses.js';
import { appMeta } from './schema/meta.js';
import { shipments } from './schema/shipments.js';
import { storeAccounts } from './schema/store.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_store_shipment_seeded_at';
/** The demo shop's order sent through the platform: an open order on one location, with a whole address, that no other demo story uses. */
export const DEMO_FULFILLED_ORDER = 'gid://shopify/Order/1089';

/**
 * With the store simulator: one of the demo shop's orders made into a platform shipment the way a
 * merchant makes one (offers, activation through the courier simulator, charged to the balance; the
 * order's own recipient, corrected through the nomenclature; the default pick-up address as sender),
 * linked to the order's fulfillment order (shipments.store_*), and fulfilled in the simulated shop
 * with the AWB as tracking. The order page then shows it as a fulfilled part made here, and the
 * orders list's platform tab lists it. Runs once per database, after the demo store is connected.
 */
export async function seedDemoStoreShipment(database: Database, services: Pick<Services, 'shipments' | 'corrector'>) {
  const { corrector } = services;
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return null;
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  if (!client) return null;
  const [account] = await db.select().from(storeAccounts).where(and(eq(storeAccounts.userId, client.id), eq(storeAccounts.shop, SIM_DEMO_SHOP))).limit(1);
  const [sender] = await db.select().from(addresses).where(and(eq(addresses.userId, client.id), eq(addresses.shortName, 'Depozit Cluj'))).limit(1);
  const order = await demoShop.order(db, DEMO_FULFILLED_ORDER);
  const fo = order?.fulfillmentOrders.nodes.find((x) => x.status === 'OPEN');
  const to = order?.shippingAddress;
  if (!account || !sender || !order || !fo || !to) return null;

  const corrected = await corrector.correct({ province: to.provinceCode ?? to.province ?? undefined, city: to.city, zip: to.zip, address1: to.address1, address2: to.address2 ?? undefined, countryCode: 'RO' });
  // What the merchant does on the order page: each error left is answered with its first suggestion.
  let c = corrected.internalAddress;
  for (const e of corrected.errors) {
    const v = e.suggestions[0]?.values;
    if (v) c = { ...c, ...(v.county ? { countyCode: v.county } : {}), ...(v.city ? { city: v.city } : {}), ...(v.postalCode ? { postalCode: v.postalCode } : {}), ...(v.street ? { street: v.street } : {}) };
  }
  const lines = fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0);
  const grams = lines.reduce((sum, l) => sum + (l.weight ? (l.weight.unit === 'KILOGRAMS' ? l.weight.value * 1000 : l.weight.value) : 0) * l.remainingQuantity, 0);
  const cod = order.paymentGatewayNames.some((g) => /cash on delivery|cod/i.test(g));
  const body = {
    sender: { addressId: sender.id },
    recipient: { contactName: `${to.firstName} ${to.lastName}`, contactPhone: to.phone, countyCode: c.countyCode, city: c.city, postalCode: c.postalCode, street: c.street, number: c.number },
    packages: [{ type: 'parcel' as const, weight: Math.max(0.1, Math.round(grams / 10) / 100), length: 30, width: 20, height: 15 }],
    content: lines.map((l) => l.lineItem.name).join(', ').slice(0, 100),
    clientReference: order.name,
    options: { cod: { active: cod, amount: cod ? Number(order.totalPriceSet.shopMoney.amount) : 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
  };
  // A demo the simulators refuse is simply left out (as the other demo shipments are): the server still starts.
  try {
    const service = services.shipments;
    const offers = await service.offers(client as UserRow, ZShipmentDraft.parse(body));
    const chosen = offers.find((o) => o.errors.length === 0 && o.type === 'standard') ?? offers.find((o) => o.errors.length === 0 && o.type !== 'locker');
    if (!chosen) return null;
    const { row } = await service.create(client as UserRow, ZShipmentCreateRequest.parse({ ...body, serviceId: chosen.serviceId, pointId: null, requestKey: randomUUID().replace(/-/g, ''), activate: true }), {
      notify: false,
      at: new Date(),
      listPrice: true,
    });
    if (!row.awb) return null;
    await db
      .update(shipments)
      .set({ storeAccountId: account.id, storeOrderId: order.id, storeOrderName: order.name, storeFulfillmentOrderId: fo.id })
      .where(eq(shipments.uniqueId, row.uniqueId));
    await demoShop.fulfil(db, fo.id, { company: chosen.courierName, number: row.awb });
    return { uniqueId: row.uniqueId, awb: row.awb, orderName: order.name, fulfillmentOrderId: fo.id };
  } catch {
    return null;
  }
}

const COPY_SEED_KEY = 'demo_shop_copy_seeded_at';

/**
 * The store's copy of the demo shop (issue 28 §4), made as the sync job makes it after a connection:
 * its orders left to fulfil with their verdicts, then their whole orders. Once per database, after
 * the demo store's shipment (which fulfilled an order in the shop): a server started from the demo
 * data reads its lists from the copy at once instead of making it beside its first pages.
 */
export async function seedDemoShopCopy(database: Database, services: Pick<Services, 'store'>) {
  const taken = await database.db.insert(appMeta).values({ key: COPY_SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return;
  for (let run = 0; run < 20; run++) {
    const done = await services.store.syncShops({ runMs: 60_000 });
    if (!done.more) return;
  }
}
