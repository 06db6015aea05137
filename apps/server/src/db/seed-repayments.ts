import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { bucharestDateKey } from '../lib/dates.js';
import { importStatement, reconcileReport } from '../modules/repayments/index.js';
import type { Services } from '../services.js';
import type { Database } from './client.js';
import { insertRepaymentRow } from './seed-repayment-rows.js';
import { appMeta } from './schema/meta.js';
import { repaymentSheets } from './schema/repayment-payouts.js';
import { users } from './schema/users.js';

const SEED_KEY = 'demo_repayments_seeded_at';
const DAY = 86_400_000;

/** The demo client's repayment account (a valid IBAN of Banca Transilvania, not the platform's). */
export const DEMO_REPAYMENT_IBAN = 'RO24BTRLRONCRT0000000001';
/** A Colet24 delivery no report mentions yet: the admins' e2e uploads its report with a wrong amount. */
export const DEMO_UNREPORTED_AWB = 'C24DEMO000777';
export const DEMO_UNREPORTED_BANI = 14_990;

const RECIPIENTS = ['Andreea Popescu', 'Bogdan Ionescu', 'Cristina Stan', 'Daniel Matei', 'Elena Toma', 'Florin Marin', 'Gabriela Barbu', 'Horia Georgescu'];
const day = (at: Date) => bucharestDateKey(at);
const ref = (courierId: string, d: string) => `${courierId.toUpperCase()}-${d.replace(/-/g, '')}`;

type Row = Awaited<ReturnType<typeof insertRepaymentRow>>;

/**
 * Months of the demo client's repayments, through the real steps (straight rows for the shipments,
 * then the couriers' reports reconciled, the bank statements matched, the payouts run on their past
 * days): paid in several sheets, one sheet marked unprocessed whose repayments await an account
 * fix, received at the platform, at the courier, delivered, on their way and cancelled; and two
 * deliberate discrepancies for the reconciliation page (a courier reporting 10 lei less, a bank
 * transfer 25 lei short of its report). Once per database; a few hundred queries.
 */
export async function seedDemoRepayments(database: Database, services: Pick<Services, 'payouts' | 'repaymentSheets'>, deps: { platformIban: string }, now = new Date()) {
  const { db } = database;
  const taken = await db.insert(appMeta).values({ key: SEED_KEY, value: now.toISOString() }).onConflictDoNothing().returning();
  if (taken.length === 0) return 0;
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.ro')).limit(1);
  if (!client) return 0;
  if (!client.bankAccount) {
    await db
      .update(users)
      .set({ bankAccount: DEMO_REPAYMENT_IBAN, bankAccountHolder: 'Demo Logistic SRL', bankName: 'Banca Transilvania', repaymentSendInterval: 7, repaymentSendMinAmount: 500, repaymentWaitPending: 1 })
      .where(eq(users.id, client.id));
  }
  let n = 0;
  const make = async (courierId: string, status: Row['status'], daysAgo: number, amountBani: number, awb?: string) => {
    n += 1;
    const orderedAt = new Date(now.getTime() - daysAgo * DAY - 3 * 3_600_000);
    return insertRepaymentRow(db, {
      userId: client.id,
      courierId,
      awb: awb ?? `${courierId === 'dunarea' ? 'DX' : courierId === 'colet24' ? 'C24' : 'RC'}DEMO${String(100_000 + n)}`,
      amountBani,
      status,
      orderedAt,
      deliveredAt: status === 'awaiting_delivery' || status === 'cancelled' ? null : new Date(orderedAt.getTime() + 2 * DAY),
      recipient: RECIPIENTS[n % RECIPIENTS.length],
    });
  };
  const amount = (i: number) => 4_990 + ((i * 3_737) % 42_000);

  /* Delivered ones the couriers then report and transfer (a day after delivery) and the bank books. */
  const delivered: { row: Row; transferDay: string }[] = [];
  for (let i = 0; i < 26; i++) {
    const daysAgo = 118 - i * 4.3; // four months, every four days or so, the last ones a few days ago
    const courierId = i % 3 === 2 ? 'dunarea' : 'rapidcarpati';
    const row = await make(courierId, 'delivered', Math.round(daysAgo), amount(i));
    delivered.push({ row, transferDay: day(new Date(row.deliveredAt!.getTime() + DAY)) });
  }
  // The last two stay at the courier (reported, not yet on a statement); one more is only delivered.
  const byTransfer = new Map<string, { courierId: string; day: string; rows: Row[] }>();
  for (const d of delivered) {
    const key = `${d.row.courierId}|${d.transferDay}`;
    const g = byTransfer.get(key) ?? { courierId: d.row.courierId, day: d.transferDay, rows: [] };
    g.rows.push(d.row);
    byTransfer.set(key, g);
  }
  const transfers = [...byTransfer.values()].sort((a, b) => a.day.localeCompare(b.day));
  const lastMismatch = transfers.length - 5;
  for (const [i, t] of transfers.entries()) {
    const lines = t.rows.map((r, k) => ({
      awb: r.awb,
      // Discrepancy 1: a courier reports 10 lei less than the cash on delivery.
      amountBani: i === lastMismatch && k === 0 ? r.amountBani - 1_000 : r.amountBani,
      transferDate: t.day,
      reference: ref(t.courierId, t.day),
    }));
    await reconcileReport(database, { source: 'upload', courierId: t.courierId, sha256: sha(`demo report ${t.courierId} ${t.day}`), fileName: `demo-${t.courierId}-${t.day}.csv`, uploadedBy: null }, lines);
    if (i >= transfers.length - 2) continue; // still at the courier: no statement yet
    const reported = lines.reduce((a, l) => a + l.amountBani, 0);
    // Discrepancy 2: one transfer arrives 25 lei short of its report (flagged; its repayments stay at the courier).
    const booked = i === transfers.length - 3 ? reported - 2_500 : reported;
    await importStatement(
      database,
      {
        statementId: `DEMO-${t.day.replace(/-/g, '')}-${t.courierId.slice(0, 3).toUpperCase()}`,
        iban: deps.platformIban,
        currency: 'RON',
        date: t.day,
        openingBani: null,
        closingBani: null,
        setAside: [],
        entries: [{ entryRef: `DEMO-${i + 1}`, amountBani: booked, direction: 'CRDT', bookingDate: t.day, valueDate: t.day, reference: ref(t.courierId, t.day), debtorName: t.courierId === 'dunarea' ? 'Dunarea Expres SRL' : 'Rapid Carpati SA' }],
      },
      { source: 'upload', sha256: sha(`demo statement ${t.courierId} ${t.day}`), fileName: null, uploadedBy: null },
    );
  }

  /* The payouts of the past months: every two weeks, on their own day. */
  const firstDay = now.getTime() - 112 * DAY;
  for (let at = firstDay; at < now.getTime() - 6 * DAY; at += 14 * DAY) {
    await services.payouts.run({ kind: 'pay_now', clientId: client.id, requestedBy: client.id }, new Date(at));
  }
  // One of them came back from the bank (type 1): its repayments await an account fix.
  const [bounced] = await db.select().from(repaymentSheets).where(and(eq(repaymentSheets.userId, client.id), eq(repaymentSheets.status, 'paid'))).orderBy(sql`${repaymentSheets.id} desc`).limit(1);
  if (bounced) await services.repaymentSheets.markUnprocessed(client.id, bounced.id, { type: 1, markForPayment: false });

  /* Now: delivered, on the way, cancelled, and the Colet24 delivery the e2e reports. */
  await make('rapidcarpati', 'delivered', 2, 18_900);
  await make('dunarea', 'delivered', 3, 7_450);
  await make('rapidcarpati', 'awaiting_delivery', 1, 23_000);
  await make('dunarea', 'awaiting_delivery', 0, 9_990);
  await make('rapidcarpati', 'cancelled', 20, 12_000);
  await make('dunarea', 'cancelled', 45, 31_500);
  await make('colet24', 'delivered', 2, DEMO_UNREPORTED_BANI, DEMO_UNREPORTED_AWB);
  await db.execute(sql`ANALYZE repayments`);
  return n;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
