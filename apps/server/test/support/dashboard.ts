import { randomUUID } from 'node:crypto';
import { normalizeText } from '@colete/contract';
import { eInvoiceConnections, eInvoiceReceived, eInvoiceSent, eInvoiceSentMessages, invoices, ledgerEntries, shipments } from '../../src/db/schema.js';
import type { TestContext } from '../helper.js';
import { party } from './repayments-list.js';

/* The dashboard's tests (issue 27): rows written straight to the tables whose owners' functions the tiles read. */

type ShipmentSpec = {
  status?: (typeof shipments.$inferInsert)['status'];
  courierId?: string;
  activatedAt?: Date | null;
  statusAt?: Date;
  statusReason?: string | null;
  estimatedPickupDate?: string | null;
};

export async function insertShipments(ctx: TestContext, userId: number, specs: ShipmentSpec[]) {
  for (const s of specs) {
    const uniqueId = randomUUID().replace(/-/g, '').slice(0, 16);
    const awb = `D${uniqueId.slice(0, 10).toUpperCase()}`;
    const at = s.activatedAt ?? s.statusAt ?? new Date();
    await ctx.database.db.insert(shipments).values({
      uniqueId,
      userId,
      status: s.status ?? 'delivered',
      statusAt: s.statusAt ?? at,
      statusReason: s.statusReason ?? null,
      sender: party('Ana Expeditor', 'Cluj-Napoca'),
      recipient: party('Ion Destinatar'),
      packages: [],
      content: 'Carti',
      options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
      courierId: s.courierId ?? 'rapidcarpati',
      awb,
      estimatedPickupDate: s.estimatedPickupDate ?? null,
      searchText: normalizeText(awb),
      activatedAt: s.activatedAt === undefined ? at : s.activatedAt,
      createdAt: at,
    });
  }
}

export async function insertMovements(ctx: TestContext, userId: number, moves: { kind: (typeof ledgerEntries.$inferInsert)['kind']; bani: number; at: Date }[]) {
  for (const m of moves) {
    await ctx.database.db.insert(ledgerEntries).values({ userId, kind: m.kind, amountBani: m.bani, description: `Miscare ${m.kind}`, reference: `test:${randomUUID()}`, createdAt: m.at });
  }
}

const PARTY = { name: 'Firma', identificationCode: '14399840', isCompany: true, isVatPayer: true, tradeRegister: null, address: 'Cluj', county: 'Cluj', countryCode: 'RO' };

/** A shipments invoice of `totalBani`, `postpaidBani` of it left to pay, issued at `at`. */
export async function insertInvoice(ctx: TestContext, userId: number, number: number, totalBani: number, postpaidBani: number, at: Date, kind: 'orders' | 'credit_note' = 'orders') {
  await ctx.database.db.insert(invoices).values({
    userId,
    series: 'TDB',
    number,
    kind,
    seller: { ...PARTY, identificationCode: '45500006', iban: 'RO49AAAA1B31007593840000', bank: 'Banca' } as never,
    buyer: PARTY as never,
    lines: [],
    vatPercent: 21,
    netBani: Math.round(totalBani / 1.21),
    vatBani: totalBani - Math.round(totalBani / 1.21),
    totalBani,
    postpaidBani,
    issuedAt: at,
  });
}

/** A company connected to e-Factura with received invoices in the given statuses and buyer messages (unread or read). */
export async function einvoiceCompany(ctx: TestContext, userId: number, billingEntityId: number, received: string[], messages: (1 | 2)[]) {
  const db = ctx.database.db;
  const far = new Date(Date.now() + 86_400_000 * 90);
  await db.insert(eInvoiceConnections).values({ billingEntityId, userId, state: 'ACTIVE', accessTokenEnc: 'x', refreshTokenEnc: 'x', accessExpiresAt: far, refreshExpiresAt: far });
  let k = 0;
  for (const status of received) {
    k += 1;
    await db.insert(eInvoiceReceived).values({
      billingEntityId,
      messageId: `m${billingEntityId}-${k}`,
      uploadIndex: `${5000 + k}`,
      messageAt: new Date('2026-03-10T10:00:00Z'),
      zip: Buffer.from('zip'),
      kind: 'invoice',
      number: `F-${k}`,
      issueDate: '2026-03-10',
      currency: 'RON',
      sellerName: 'Furnizor SRL',
      sellerIdentification: '18547290',
      taxBani: 190,
      totalBani: 1190,
      document: {},
      status,
    });
  }
  const [sent] = await db
    .insert(eInvoiceSent)
    .values({ source: 'client', billingEntityId, number: `TDB-${billingEntityId}`, kind: 'invoice', buyerName: 'Cumparator SRL', buyerIdentification: '18547290', issueDate: '2026-03-01', deadline: '2026-03-06', taxExcludedBani: 1000, taxBani: 190, totalBani: 1190, status: 'ok' })
    .returning();
  k = 0;
  for (const status of messages) {
    k += 1;
    await db.insert(eInvoiceSentMessages).values({ sentId: sent!.id, billingEntityId, messageId: `r${billingEntityId}-${k}`, uploadIndex: `${9000 + k}`, text: 'Mesaj', sender: 'client', status, messageAt: new Date('2026-03-12T10:00:00Z') });
  }
}
