import { randomUUID } from 'node:crypto';
import { normalizeText, type TPartyAddress } from '@colete/contract';
import { repaymentSheetItems, repaymentSheets, repayments, payoutRuns, repaymentsAwaiting, shipments, type RepaymentStatus } from '../../src/db/schema.js';
import type { TestContext } from '../helper.js';

/** A stored party (Bucharest) with the given name. */
export const party = (contactName: string, addressCity = 'Sectorul 1'): TPartyAddress & { addressId: null } => ({
  contactName,
  contactCompany: null,
  contactPhone: '+40733000002',
  contactPhone2: null,
  contactEmail: null,
  addressCountryCode: 'RO',
  addressCountyCode: 'B',
  addressCounty: 'Bucuresti',
  addressCity,
  addressPostalCode: '010093',
  addressStreet: 'Calea Victoriei',
  addressNumber: '120',
  addressBlock: null,
  addressEntrance: null,
  addressIntercom: null,
  addressFloor: null,
  addressApartment: null,
  addressAdditionalInfo: null,
  addressId: null,
});

export type RepaymentSpec = { status: RepaymentStatus; lei: number; orderedAt: Date; recipient?: string; reference?: string; awb?: string; bankAccount?: string };

/**
 * A client's repayments written straight to the database (each with its shipment), at the steps
 * asked: the list's tests need many states at once, not the courier's journey.
 */
export async function insertRepayments(ctx: TestContext, userId: number, specs: RepaymentSpec[]) {
  const out: { id: number; shipmentId: number; uniqueId: string; awb: string }[] = [];
  for (const s of specs) {
    const awb = s.awb ?? `T${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    const uniqueId = randomUUID().replace(/-/g, '').slice(0, 16);
    const recipient = party(s.recipient ?? 'Ion Destinatar');
    const [ship] = await ctx.database.db
      .insert(shipments)
      .values({
        uniqueId,
        userId,
        status: s.status === 'cancelled' ? 'cancelled' : s.status === 'awaiting_delivery' ? 'in_transit' : 'delivered',
        sender: party('Ana Expeditor', 'Cluj-Napoca'),
        recipient,
        packages: [],
        content: 'Carti',
        clientReference: s.reference ?? null,
        options: { codBani: Math.round(s.lei * 100), insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
        courierId: 'rapidcarpati',
        awb,
        searchText: normalizeText([awb, uniqueId, recipient.contactName, recipient.addressCity, s.reference].filter(Boolean).join(' | ')),
        activatedAt: s.orderedAt,
        createdAt: s.orderedAt,
      })
      .returning();
    const later = (d: number) => new Date(s.orderedAt.getTime() + d * 86_400_000);
    const past = (steps: RepaymentStatus[]) => steps.includes(s.status);
    const [r] = await ctx.database.db
      .insert(repayments)
      .values({
        shipmentId: ship!.id,
        userId,
        courierId: 'rapidcarpati',
        awb,
        amountBani: Math.round(s.lei * 100),
        status: s.status,
        orderedAt: s.orderedAt,
        deliveredAt: past(['delivered', 'sent_by_courier', 'received', 'paid']) ? later(1) : null,
        sentByCourierOn: past(['sent_by_courier', 'received', 'paid']) ? later(2).toISOString().slice(0, 10) : null,
        receivedOn: past(['received', 'paid']) ? later(3).toISOString().slice(0, 10) : null,
        paidAt: past(['paid']) ? later(4) : null,
        cancelledAt: s.status === 'cancelled' ? later(1) : null,
        bankAccount: s.bankAccount ?? null,
      })
      .returning();
    out.push({ id: r!.id, shipmentId: ship!.id, uniqueId, awb });
  }
  return out;
}

/** A paid sheet of the given repayments (its run included). */
export async function insertSheet(ctx: TestContext, userId: number, repaymentIds: number[], amountBani: number, opts: { sheetDate?: string; repaymentsAmountBani?: number } = {}) {
  const db = ctx.database.db;
  const key = randomUUID();
  const [run] = await db.insert(payoutRuns).values({ kind: 'scheduled', messageId: key, sheetCount: 1, totalBani: amountBani }).returning();
  const [sheet] = await db
    .insert(repaymentSheets)
    .values({
      userId,
      runId: run!.id,
      sheetDate: opts.sheetDate ?? '2026-11-10',
      bankAccount: 'RO66BACX0000001234567890',
      bankAccountOwner: 'Mihai Pop',
      bankName: 'UniCredit Bank',
      amountBani,
      repaymentsAmountBani: opts.repaymentsAmountBani ?? amountBani,
      endToEndId: `${key}-1`,
    })
    .returning();
  if (repaymentIds.length) {
    await db.insert(repaymentSheetItems).values(repaymentIds.map((id) => ({ sheetId: sheet!.id, repaymentId: id, amountBani: 0 })));
    const { inArray } = await import('drizzle-orm');
    await db.update(repayments).set({ sheetId: sheet!.id }).where(inArray(repayments.id, repaymentIds));
  }
  return sheet!;
}

export async function insertAwaiting(ctx: TestContext, userId: number, repaymentId: number, bankAccount: string) {
  await ctx.database.db.insert(repaymentsAwaiting).values({ repaymentId, userId, reason: 'invalid_account', bankAccount, bankAccountOwner: 'Mihai P' });
}
