import { randomUUID } from 'node:crypto';
import { ZShipmentCreateRequest, ZShipmentDraft } from '@colete/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { invoiceOpenCharges } from '../modules/invoicing/index.js';
import type { Services } from '../services.js';
import type { UserRow } from '../types.js';
import type { Database } from './client.js';
import { addresses } from './schema/addresses.js';
import { courierSimAwbs } from './schema/courier-sim.js';
import { billableCharges, invoices } from './schema/invoicing.js';
import { appMeta } from './schema/meta.js';
import { shipmentEvents, shipments } from './schema/shipments.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_postpaid_seeded_at';
const DAY = 86_400_000;

/**
 * The postpaid months: four shipments, invoiced at each month's end, the first invoice paid. The
 * last one was activated on the month's last day and cancelled the day after its invoice, before the
 * courier came: its credit note (storno) reverses it on the second invoice.
 */
const HISTORY: readonly { daysAgo: number; invoiceAt: number; recipient: string; cancelledAt?: number }[] = [
  { daysAgo: 150, invoiceAt: 120, recipient: 'Victor Enache' },
  { daysAgo: 135, invoiceAt: 120, recipient: 'Lavinia Sava' },
  { daysAgo: 110, invoiceAt: 100, recipient: 'Sorin Paraschiv' },
  { daysAgo: 101, invoiceAt: 100, recipient: 'Camelia Voicu', cancelledAt: 99 },
];

/**
 * The demo client's postpaid past (issue 17): before it topped up a prepaid balance, an admin had
 * it postpaid for a while. Its shipments of then are made as any (offers, activation), charged
 * as postpaid and invoiced monthly; one of them is then cancelled by the client as any
 * (cancellation before pick-up), which issues its credit note (issue 26: the demo's storno). The
 * older invoice's bank transfer was recorded and activated by the admin, the newer one's (what it
 * asks after its credit note) recorded and waiting for activation. All of it dated more than three
 * months back. Runs once per database, after the demo accounts and shipments, through the
 * composition root's services.
 */
export async function seedDemoPostpaid(database: Database, services: Pick<Services, 'shipments' | 'payments' | 'invoicingDeps'>) {
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return 0;
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.ro')).limit(1);
  const [sender] = client ? await db.select().from(addresses).where(and(eq(addresses.userId, client.id), eq(addresses.shortName, 'Depozit Cluj'))).limit(1) : [];
  if (!client || !admin || !sender) return 0;

  const service = services.shipments;
  const made: { id: number; uniqueId: string; at: Date; invoiceAt: Date; cancelledAt?: Date }[] = [];
  await db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, client.id));
  try {
    for (const [i, h] of HISTORY.entries()) {
      const body = {
        sender: { addressId: sender.id },
        recipient: { contactName: h.recipient, contactPhone: `+4072${2_100_000 + i * 17}`, countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: String(10 + i) },
        packages: [{ type: 'parcel' as const, weight: 2 + i, length: 40, width: 30, height: 20 }],
        content: 'Piese auto',
        clientReference: `CMD-POST-${i + 1}`,
        options: { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
      };
      try {
        const offers = await service.offers(client as UserRow, ZShipmentDraft.parse(body));
        const offer = offers.find((o) => o.errors.length === 0 && o.type === 'standard');
        if (!offer) continue;
        const { row } = await service.create(
          client as UserRow,
          ZShipmentCreateRequest.parse({ ...body, serviceId: offer.serviceId, pointId: null, requestKey: randomUUID().replace(/-/g, ''), activate: true }),
          // History: nobody told, on the real clock (dated back below), at the couriers' prices.
          { notify: false, at: new Date(), listPrice: true },
        );
        const [s] = await db.select().from(shipments).where(eq(shipments.uniqueId, row.uniqueId));
        if (!s?.awb) continue;
        made.push({
          id: s.id,
          uniqueId: s.uniqueId,
          at: new Date(Date.now() - h.daysAgo * DAY),
          invoiceAt: new Date(Date.now() - h.invoiceAt * DAY),
          ...(h.cancelledAt ? { cancelledAt: new Date(Date.now() - h.cancelledAt * DAY) } : {}),
        });
      } catch {
        // A demo shipment the simulator refuses is simply left out.
      }
    }
  } finally {
    await db.update(users).set({ paymentType: 'prepaid' }).where(eq(users.id, client.id));
  }

  // Dated back, with their charges; delivered long ago. The one cancelled later is still waiting
  // for the courier in the courier's records until it is cancelled (below).
  const backdateAwb = async (m: (typeof made)[number]) => {
    const [s] = await db.select({ awb: shipments.awb }).from(shipments).where(eq(shipments.id, m.id));
    if (s?.awb) await db.update(courierSimAwbs).set({ createdAt: m.at }).where(eq(courierSimAwbs.awb, s.awb));
  };
  for (const m of made) {
    await db.update(shipments).set({ createdAt: m.at, statusAt: m.at, activatedAt: m.at }).where(eq(shipments.id, m.id));
    await db.update(shipmentEvents).set({ at: m.at }).where(eq(shipmentEvents.shipmentId, m.id));
    if (!m.cancelledAt) await backdateAwb(m);
    await db.update(billableCharges).set({ createdAt: m.at }).where(eq(billableCharges.shipmentId, m.id));
  }

  // The monthly invoices (the monthly run's own path), each issued at its month's end (so is the
  // e-invoice reported for it).
  const deps = { ...services.invoicingDeps, mail: false };
  const issued: number[] = [];
  for (const invoiceAt of [...new Set(made.map((m) => m.invoiceAt.getTime()))].sort()) {
    const outcome = await db.transaction((tx) => invoiceOpenCharges(tx, deps, client.id, new Date(invoiceAt), new Date(invoiceAt)));
    if (!outcome.invoice) continue;
    issued.push(outcome.invoice.id);
  }
  if (issued.length === 0) return made.length;

  // Cancelled by the client after its month's invoice, through the shipments' own cancellation on
  // that day's clock: the invoiced charge gets its credit note that day (without a mail, as the
  // demo's invoices), reported to e-Factura like any.
  for (const m of made.filter((x) => x.cancelledAt)) {
    try {
      await service.cancel(client as UserRow, m.uniqueId, { notify: false, mail: false, at: m.cancelledAt! });
    } catch {
      // A cancellation the simulator refuses leaves the shipment invoiced, without a credit note.
    }
    await backdateAwb(m);
  }

  // The bank transfers: the first invoice's activated, the last one's waiting for the admin.
  const { payments } = services;
  const rows = await db.select().from(invoices).where(inArray(invoices.id, issued)).orderBy(invoices.issuedAt);
  for (const [k, inv] of rows.entries()) {
    const paidOn = new Date(inv.issuedAt.getTime() + 9 * DAY).toISOString().slice(0, 10);
    // What the invoice asks: its total less its credit notes.
    const [credited] = await db.select({ bani: sql<string | null>`sum(${invoices.totalBani})` }).from(invoices).where(eq(invoices.creditsInvoiceId, inv.id));
    const owed = inv.totalBani + Number(credited?.bani ?? 0);
    const p = await payments.record(admin.id, client.id, { invoiceId: inv.id, amount: owed / 100, reference: `OP ${1021 + k * 166}`, paidOn });
    if (k === 0) await payments.activate(admin.id, p.id);
  }
  return made.length;
}
