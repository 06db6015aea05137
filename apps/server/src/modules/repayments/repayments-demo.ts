import { bankNameFromIban } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { appMeta } from '../../db/schema/meta.js';
import { payoutRuns, repaymentSheets } from '../../db/schema/repayment-payouts.js';
import { repaymentSheetItems, repayments, repaymentsAwaiting, type RepaymentStatus } from '../../db/schema/repayments.js';
import { buildPain001 } from '../../integrations/bank/index.js';
import { bucharestDateKey } from '../../lib/dates.js';
import { findUserByEmail, updateAccountProfile } from '../auth/index.js';
import { activatedCodShipments } from '../shipments/index.js';

const SEED_KEY = 'demo_repayment_screens_seeded_at';
const DAY = 86_400_000;
export const DEMO_REPAYMENT_IBAN = 'RO66BACX0000001234567890';
export const DEMO_REPAYMENT_HOLDER = 'Mihai Pop';
/** The account of one demo repayment that came back (the awaiting list's). */
export const DEMO_BAD_IBAN = 'RO49AAAA1B31007593840000';

/** The platform's account and name: the demo runs' pain.001 files are made from them, as a real run's. */
export type DemoPayer = { platformIban: string; platformName: string };

type Plan = { status: RepaymentStatus; deliveredAt: Date | null; sheet: 0 | 1 | null; awaiting: boolean };

/**
 * The repayments screens' demo data for the demo client (issue 15), once per database: one
 * repayment per cash-on-delivery demo shipment at every step of its journey (the oldest delivered
 * ones paid in two sheets, then received, sent by the courier, at the courier; the cancelled ones
 * cancelled), one received repayment waiting for its account to be fixed, and a repayment account
 * in the settings. Rows the lifecycle listener already made are moved, not duplicated.
 */
export async function seedDemoRepayments(database: Database, payer: DemoPayer, now: Date = new Date()) {
  const { db } = database;
  return db.transaction(async (tx) => {
    const taken = await tx.insert(appMeta).values({ key: SEED_KEY, value: now.toISOString() }).onConflictDoNothing().returning();
    if (taken.length === 0) return 0;
    const client = await findUserByEmail(tx, 'client@demo.ro');
    if (!client) return 0;
    // The sheets are paid to the client's account (the history's seed may have set it already).
    const account = client.bankAccount ? { iban: client.bankAccount, holder: client.bankAccountHolder ?? client.name } : { iban: DEMO_REPAYMENT_IBAN, holder: DEMO_REPAYMENT_HOLDER };
    if (!client.bankAccount) {
      await updateAccountProfile(tx, client.id, {
        bankAccount: DEMO_REPAYMENT_IBAN,
        bankAccountHolder: DEMO_REPAYMENT_HOLDER,
        bankName: bankNameFromIban(DEMO_REPAYMENT_IBAN),
        repaymentSendInterval: 7,
        repaymentSendMinAmount: 500,
        repaymentWaitPending: 1,
      });
    }
    // Shipments sent through the platform (priced and activated), not the repayment history's
    // rows written straight into the tables by the other demo seed (no price).
    const rows = await activatedCodShipments(tx, client.id);
    const delivered = rows.filter((s) => s.status === 'delivered');
    const plans = new Map<number, Plan>();
    delivered.forEach((s, i) => {
      const share = i / Math.max(1, delivered.length);
      const deliveredAt = new Date(Math.min(s.statusAt.getTime(), now.getTime()));
      const status: RepaymentStatus = share < 0.45 ? 'paid' : share < 0.65 ? 'received' : share < 0.8 ? 'sent_by_courier' : 'delivered';
      plans.set(s.id, { status, deliveredAt, sheet: status === 'paid' ? (share < 0.2 ? 0 : 1) : null, awaiting: false });
    });
    const firstReceived = delivered.find((s) => plans.get(s.id)?.status === 'received');
    if (firstReceived) plans.get(firstReceived.id)!.awaiting = true;
    for (const s of rows) {
      if (plans.has(s.id)) continue;
      const cancelled = ['cancelled', 'refused', 'returned'].includes(s.status);
      plans.set(s.id, { status: cancelled ? 'cancelled' : 'awaiting_delivery', deliveredAt: null, sheet: null, awaiting: false });
    }
    const day = (at: Date, plus: number) => bucharestDateKey(new Date(at.getTime() + plus * DAY));
    for (const s of rows) {
      const p = plans.get(s.id)!;
      const values = {
        status: p.status,
        deliveredAt: p.deliveredAt,
        sentByCourierOn: p.deliveredAt && p.status !== 'delivered' ? day(p.deliveredAt, 1) : null,
        receivedOn: p.deliveredAt && (p.status === 'received' || p.status === 'paid') ? day(p.deliveredAt, 2) : null,
        cancelledAt: p.status === 'cancelled' ? s.statusAt : null,
        cancelReason: p.status === 'cancelled' ? s.status : null,
        updatedAt: now,
      };
      await tx
        .insert(repayments)
        .values({ shipmentId: s.id, userId: client.id, courierId: s.courierId!, awb: s.awb!, amountBani: Number(s.options.codBani), orderedAt: s.activatedAt!, ...values })
        .onConflictDoUpdate({ target: repayments.shipmentId, set: values });
    }
    await paySheets(tx, client.id, rows.filter((s) => plans.get(s.id)?.sheet !== null).map((s) => ({ shipmentId: s.id, sheet: plans.get(s.id)!.sheet!, deliveredAt: plans.get(s.id)!.deliveredAt! })), account, payer, now);
    if (firstReceived) {
      const [r] = await tx.select({ id: repayments.id }).from(repayments).where(eq(repayments.shipmentId, firstReceived.id));
      await tx.insert(repaymentsAwaiting).values({ repaymentId: r!.id, userId: client.id, reason: 'money_returned', bankAccount: DEMO_BAD_IBAN, bankAccountOwner: 'Mihai P', since: now }).onConflictDoNothing();
    }
    return rows.length;
  });
}

/**
 * The paid ones in their two sheets (each a day after its last received repayment), with the run
 * that paid them and its pain.001 file (issue 24: every run has its file; these two had none).
 */
async function paySheets(tx: Executor, userId: number, paid: { shipmentId: number; sheet: number; deliveredAt: Date }[], account: { iban: string; holder: string }, payer: DemoPayer, now: Date) {
  for (const n of [0, 1]) {
    const these = paid.filter((p) => p.sheet === n);
    if (these.length === 0) continue;
    const rows = await tx.select().from(repayments).where(inArray(repayments.shipmentId, these.map((p) => p.shipmentId)));
    const last = Math.max(...these.map((p) => p.deliveredAt.getTime()));
    const paidAt = new Date(Math.min(last + 4 * DAY, now.getTime()));
    const total = rows.reduce((a, r) => a + r.amountBani, 0);
    const messageId = `DEMO-RUN-${userId}-${n}`;
    const [run] = await tx
      .insert(payoutRuns)
      .values({ kind: 'scheduled', messageId, sheetCount: 1, totalBani: total, startedAt: paidAt, finishedAt: paidAt })
      .returning();
    const [sheet] = await tx
      .insert(repaymentSheets)
      .values({
        userId,
        runId: run!.id,
        sheetDate: bucharestDateKey(paidAt),
        bankAccount: account.iban,
        bankAccountOwner: account.holder,
        bankName: bankNameFromIban(account.iban),
        amountBani: total,
        repaymentsAmountBani: total,
        endToEndId: `${messageId}-1`,
        status: 'paid',
        paidAt,
      })
      .returning();
    await tx.insert(repaymentSheetItems).values(rows.map((r) => ({ sheetId: sheet!.id, repaymentId: r.id, amountBani: r.amountBani })));
    const painXml = buildPain001({
      messageId,
      createdAt: paidAt,
      executionDate: sheet!.sheetDate,
      debtorName: payer.platformName,
      debtorIban: payer.platformIban,
      transfers: [{ endToEndId: sheet!.endToEndId, amountBani: total, creditorName: account.holder, creditorIban: account.iban, remittance: `Rambursuri Colete Online, borderou ${sheet!.id}` }],
    });
    await tx.update(payoutRuns).set({ painXml }).where(eq(payoutRuns.id, run!.id));
    await tx.update(repayments).set({ sheetId: sheet!.id, paidAt }).where(inArray(repayments.id, rows.map((r) => r.id)));
  }
}
