import { and, eq, gt, gte, isNull, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { efacturaSimTokens, efacturaSimUploads } from '../../db/schema/efactura-sim.js';
import { demoVat, issueSupplierDocument, type SupplierLine } from './simulator-suppliers.js';

/*
 * The simulator's suppliers at work (issue 25): every day each company an application is connected
 * to (a live refresh token of the simulator's SPV representing it) receives an invoice from one of
 * the demo's suppliers, so a connected company's list grows as a real one does. Once a day per
 * company: a run again the same day finds the day's invoice and issues nothing.
 */

/** The demo's suppliers: companies of the company-check simulator's register. */
export const SIM_SUPPLIERS = ['4221306', '15900825', '12345674'] as const;
/** What the demo's suppliers sell (prices in bani, before VAT). */
export const SIM_CATALOGUE: Omit<SupplierLine, 'vatPercent'>[] = [
  { name: 'Cutii carton 40x30x30', quantity: 50, unitPriceBani: 450 },
  { name: 'Folie stretch 23 microni', quantity: 6, unitPriceBani: 3290 },
  { name: 'Banda adeziva inscriptionata', quantity: 24, unitPriceBani: 780 },
  { name: 'Transport marfa Cluj-Bucuresti', quantity: 1, unitPriceBani: 85_000 },
  { name: 'Paleti EUR', quantity: 10, unitPriceBani: 6_500 },
  { name: 'Etichete termice 100x150', quantity: 8, unitPriceBani: 2_150 },
];

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The CUIs the simulator's SPV has a live connection for. */
async function connectedCuis(db: Executor, now: Date) {
  const rows = await db
    .selectDistinct({ cui: efacturaSimTokens.representedCui })
    .from(efacturaSimTokens)
    .where(and(eq(efacturaSimTokens.kind, 'refresh'), isNull(efacturaSimTokens.revokedAt), gt(efacturaSimTokens.expiresAt, now)));
  return rows.map((r) => r.cui).sort();
}

/** The day's invoice to each connected company, once a day; answers how many were issued. */
export async function issueDailySupplierInvoices(db: Executor, now = new Date()) {
  const day = dayOf(now);
  const dayIndex = Math.floor(now.getTime() / DAY_MS);
  let issued = 0;
  for (const buyer of await connectedCuis(db, now)) {
    const suppliers = SIM_SUPPLIERS.filter((s) => s !== buyer);
    const seller = suppliers[dayIndex % suppliers.length]!;
    const number = `ZI-${day.replace(/-/g, '')}-${buyer.slice(-4)}`;
    const [already] = await db
      .select({ index: efacturaSimUploads.uploadIndex })
      .from(efacturaSimUploads)
      .where(and(eq(efacturaSimUploads.cif, seller), gte(efacturaSimUploads.createdAt, new Date(dayIndex * DAY_MS)), like(efacturaSimUploads.xml, `%<cbc:ID>${number}</cbc:ID>%`)))
      .limit(1);
    if (already) continue;
    const lines = [SIM_CATALOGUE[dayIndex % SIM_CATALOGUE.length]!, SIM_CATALOGUE[(dayIndex + 3) % SIM_CATALOGUE.length]!].map((l) => ({ ...l, vatPercent: demoVat(day) }));
    await issueSupplierDocument(db, { kind: 'invoice', sellerCui: seller, buyerCui: buyer, number, issueDate: day, dueDate: dayOf(new Date(now.getTime() + 30 * DAY_MS)), lines }, now);
    issued += 1;
  }
  return { issued };
}
