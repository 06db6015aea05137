import { randomUUID } from 'node:crypto';
import { ZShipmentCreateRequest, ZShipmentDraft, type TShipmentDraft } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, users } from '../src/db/schema.js';
import { simulatedCourierNetwork } from '../src/integrations/couriers/simulator.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { invoicingDepsOf, shipmentBilling } from '../src/modules/invoicing/index.js';
import { shipmentsService } from '../src/modules/shipments/index.js';
import type { UserRow } from '../src/types.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER } from './support/parties.js';
import { readInvoicePdf } from './support/pdf-tools.js';

/**
 * One format for money and dates (issue 16 item 14): what the server prints, on the card page, in
 * the invoice PDF and in the invoice mail, writes money as '1.250,75 lei' and dates as dd.mm.yyyy
 * on Bucharest's calendar, like the screens.
 */
let ctx: TestContext;
let client: TestUser;
let invoiceId: number;
let cardPage: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  client = await createUser(ctx, { name: 'Format Test SRL' });
  const saved = await as(ctx, client, {
    method: 'POST',
    url: '/api/user/billing/data',
    payload: {
      entityData: { name: 'Demo Logistic SRL', isCompany: true, isVatPayer: true, identificationCode: '14399840', tradeRegister: 'J12/1234/2010' },
      address: { countyCode: 'CJ', city: 'cluj-napoca', postalCode: '400114', street: 'Memorandumului', number: '28', additionalInfo: '' },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);

  // A card top-up of 1.250,75 lei: the card page, then its advance invoice and the invoice mail.
  const start = await as(ctx, client, { method: 'POST', url: '/api/user/prepay/top-up', payload: { amount: 1250.75 } });
  expect(start.statusCode, start.body).toBe(200);
  cardPage = (await ctx.app.inject({ method: 'GET', url: start.json().url })).body;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: start.json().url,
    payload: 'number=4242424242424242&expiry=12%2F30&cvc=123',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode).toBeLessThan(400);
  const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, client.id));
  invoiceId = row!.id;
  // Issued at 22:30 UTC on 5 March: already 6 March in Bucharest.
  await ctx.database.db.update(invoices).set({ issuedAt: new Date('2026-03-05T22:30:00Z') }).where(eq(invoices.id, invoiceId));
}, 120_000);
afterAll(async () => ctx?.close());

describe('money and dates as the platform writes them', () => {
  it("the card page asks for '1.250,75 lei'", () => {
    expect(cardPage).toContain('1.250,75 lei');
    expect(cardPage).not.toMatch(/1250[.,]75|RON/);
  });

  it("the invoice PDF: totals in '1.250,75 lei', columns in '1.033,68', the issue day in Bucharest as dd.mm.yyyy", async () => {
    const res = await as(ctx, client, { method: 'GET', url: `/api/user/invoices/${invoiceId}/pdf` });
    expect(res.statusCode).toBe(200);
    const pdf = await readInvoicePdf(res.rawPayload);
    expect(pdf.header.join(' ')).toContain('Data emiterii: 06.03.2026');
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.totalBani).toBe(125_075);
    expect(pdf.totals).toContain('Total de plata 1.250,75 lei');
    // 1.250,75 lei with 21% VAT: 1.033,68 net and 217,07 VAT.
    expect(pdf.totals).toContain(`Total fara TVA 1.033,68 lei`);
    expect(pdf.rows[0]).toMatch(/ buc 1 1\.033,68 1\.033,68 217,07$/);
    expect(pdf.totals.join(' ')).not.toContain('RON');
  });

  it("the invoice mail says 'in valoare de 1.250,75 lei'", async () => {
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, client.id));
    const mail = mails.find((m) => m.subject.startsWith('Factura'));
    expect(mail, JSON.stringify(mails.map((m) => m.subject))).toBeDefined();
    expect(mail!.text).toContain('in valoare de 1.250,75 lei (TVA inclus)');
  });

  it('the order confirmation mail writes the estimated pick-up day as dd.mm.yyyy', async () => {
    const draft: TShipmentDraft = { sender: SENDER, recipient: RECIPIENT, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }], content: 'Carti', clientReference: 'FMT-1', options: NO_OPTIONS };
    const svc = shipmentsService({ database: ctx.database, network: simulatedCourierNetwork(ctx.database), billing: shipmentBilling(invoicingDepsOf(ctx.config)) });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, client.id));
    const offer = (await svc.offers(user as UserRow, ZShipmentDraft.parse(draft))).find((o) => o.type === 'standard' && o.errors.length === 0)!;
    const request = ZShipmentCreateRequest.parse({ ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true });
    const { row } = await svc.create(user as UserRow, request);
    await deliverLifecycleEvents(ctx.database);
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, client.id), eq(mailOutbox.kind, 'sendOrderConfirmationToSender')));
    const [y, m, d] = row.estimatedPickupDate!.split('-');
    expect(mail!.text).toContain(`Data estimata a ridicarii: ${d}.${m}.${y}.`);
  });
});
