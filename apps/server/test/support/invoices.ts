import { randomUUID } from 'node:crypto';
import type { TShipmentDraft } from '@colete/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema.js';
import { as, type TestContext, type TestUser } from '../helper.js';
import { activeCompany } from './billing.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './parties.js';

/** A shipment draft of the invoices tests: two parcels (3,5 kg), Cluj-Napoca to Bucharest. */
export const invoiceDraft = (): TShipmentDraft => ({
  sender: SENDER,
  recipient: RECIPIENT,
  packages: [
    { type: 'parcel', weight: 2.5, length: 30, width: 20, height: 15 },
    { type: 'parcel', weight: 1, length: 20, width: 20, height: 10 },
  ],
  content: 'Carti',
  clientReference: null,
  options: NO_OPTIONS,
});

/** A postpaid client with verified active billing data; invoiceEveryOrder as asked. */
export async function postpaidClient(ctx: TestContext, user: TestUser, invoiceEveryOrder: boolean) {
  await ctx.database.db.update(users).set({ paymentType: 'postpaid' }).where(eq(users.id, user.id));
  const entity = await activeCompany(ctx, user);
  const saved = await as(ctx, user, { method: 'POST', url: '/api/user/settings/invoicing', payload: { settings: { invoiceEveryOrder: { value: invoiceEveryOrder } } } });
  expect(saved.statusCode, saved.body).toBe(200);
  return entity;
}

/** An activated shipment on a standard offer. */
export async function activatedShipment(ctx: TestContext, user: TestUser) {
  const offers = await as(ctx, user, { method: 'POST', url: '/api/shipments/offers', payload: invoiceDraft() });
  expect(offers.statusCode, offers.body).toBe(200);
  const offer = (offers.json().offers as { type: string; errors: string[]; serviceId: string }[]).find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const res = await as(ctx, user, {
    method: 'POST',
    url: '/api/shipments',
    payload: { ...invoiceDraft(), serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipment as { uniqueId: string; awb: string; price: string; service: unknown };
}

/** An xlsx read back with exceljs: the first sheet's rows as arrays of cell values. */
export async function xlsxRows(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}
