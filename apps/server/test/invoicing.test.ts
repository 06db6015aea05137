import { randomUUID } from 'node:crypto';
import { USER_TYPE, messages, splitGross } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableCharges, invoices, ledgerEntries, mailOutbox, users, type InvoiceAttachmentRef } from '../src/db/schema.js';
import { pdfSafe } from '../src/lib/pdf-text.js';
import { startOfMonthInBucharest } from '../src/jobs/monthly-invoices.js';
import { invoiceAttachmentResolver, invoicingService, issueInvoice, type InvoicingDeps } from '../src/modules/invoicing/invoicing-service.js';
import { creditCardTopUp } from '../src/modules/prepay/index.js';
import { subscriptionsService } from '../src/modules/prepay/subscriptions-service.js';
import { simulatedGateway } from '../src/integrations/payments/card-simulator.js';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';
import { activeCompany as activeCompanyOf } from './support/billing.js';

const m = messages.invoicing;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const deps = (): InvoicingDeps => ({ seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries });
const invoicing = () => invoicingService({ database: ctx.database, ...deps() });
const CLIENT_IBAN = 'RO66BACX0000001234567890';

const activeCompany = (user: TestUser, verifyStatus?: 'verified' | 'pendingVerification') => activeCompanyOf(ctx, user, verifyStatus);
const charge = (user: TestUser, bani: number, description = 'Expediere AWB 1234567890') =>
  ctx.database.db.insert(billableCharges).values({ userId: user.id, amountBani: bani, description, reference: `test-${randomUUID()}` });
const topUp = (user: TestUser, bani: number) =>
  ctx.database.db.insert(ledgerEntries).values({ userId: user.id, kind: 'topup', amountBani: bani, description: 'Reincarcare test', reference: randomUUID() });
const setBankAccount = (user: TestUser, iban: string | null) => ctx.database.db.update(users).set({ bankAccount: iban }).where(eq(users.id, user.id));
const settle = (user: TestUser) => as(ctx, user, { method: 'POST', url: '/api/user/settle-account-finances' });
const profile = async (user: TestUser) => (await as(ctx, user, { method: 'GET', url: '/api/user/profile' })).json().profile;

describe('invoicing settings (GET/POST user/settings/invoicing)', () => {
  it('starts at the platform defaults, not modified manually', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'GET', url: '/api/user/settings/invoicing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({
      invoiceEveryPrepay: { value: true, modifiedManually: false },
      invoiceEveryOrder: { value: false, modifiedManually: false },
    });
  });

  it('saves what the client sends, marks it modified manually, and keeps the other setting', async () => {
    const alice = await createUser(ctx);
    const res = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/invoicing', payload: { settings: { invoiceEveryOrder: { value: true } } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.settingsSaved);
    const after = (await as(ctx, alice, { method: 'GET', url: '/api/user/settings/invoicing' })).json().settings;
    expect(after).toEqual({ invoiceEveryPrepay: { value: true, modifiedManually: false }, invoiceEveryOrder: { value: true, modifiedManually: true } });
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const alice = await createUser(ctx);
    await as(ctx, alice, { method: 'POST', url: '/api/user/settings/invoicing', payload: { settings: { invoiceEveryPrepay: { value: false } } } });
    for (const payload of [
      { settings: { invoiceEveryPrepay: { value: 'da' } } },
      { settings: { invoiceEveryPrepay: { value: true, modifiedManually: false } } },
      { settings: { somethingElse: { value: true } } },
      {},
    ]) {
      const res = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/invoicing', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = (await as(ctx, alice, { method: 'GET', url: '/api/user/settings/invoicing' })).json().settings;
    expect(after.invoiceEveryPrepay).toEqual({ value: false, modifiedManually: true });
  });

  it('needs a session, and an admin changes a client’s settings by selecting them', async () => {
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/settings/invoicing' })).statusCode).toBe(401);
    const client = await createUser(ctx);
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const res = await as(ctx, admin, {
      method: 'POST',
      url: `/api/user/settings/invoicing?selectedClient=${client.id}`,
      payload: { settings: { invoiceEveryPrepay: { value: false } } },
    });
    expect(res.statusCode).toBe(200);
    expect((await as(ctx, client, { method: 'GET', url: '/api/user/settings/invoicing' })).json().settings.invoiceEveryPrepay.value).toBe(false);
    const { bob } = await twoUsers(ctx);
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/settings/invoicing?selectedClient=${client.id}` })).statusCode).toBe(403);
  });
});

describe('invoice numbers and amounts', () => {
  it('splits VAT from a gross amount in whole bani', () => {
    expect(splitGross(11900, 19)).toEqual({ netBani: 10000, vatBani: 1900 });
    expect(splitGross(12100, 21)).toEqual({ netBani: 10000, vatBani: 2100 });
    expect(splitGross(1999, 21)).toEqual({ netBani: 1652, vatBani: 347 });
    expect(splitGross(-5000, 21)).toEqual({ netBani: -4132, vatBani: -868 });
  });

  it('numbers invoices one after another in the series, and a rolled-back invoice gives its number back', async () => {
    const alice = await createUser(ctx);
    const entity = await activeCompany(alice);
    const series = `T${randomUUID().replace(/[^a-z]/g, '').slice(0, 5).toUpperCase()}`;
    const d = { ...deps(), series };
    const first = await ctx.database.db.transaction((tx) => issueInvoice(tx, d, { userId: alice.id, entity, kind: 'orders', lines: [{ description: 'A', grossBani: 1190 }] }));
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await issueInvoice(tx, d, { userId: alice.id, entity, kind: 'orders', lines: [{ description: 'B', grossBani: 1190 }] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const third = await ctx.database.db.transaction((tx) => issueInvoice(tx, d, { userId: alice.id, entity, kind: 'orders', lines: [{ description: 'C', grossBani: 1190 }] }));
    expect([first.number, third.number]).toEqual([1, 2]);
    expect(third).toMatchObject({ netBani: 983, vatBani: 207, totalBani: 1190, vatPercent: 21 });
  });

  it('numbers parallel invoices without repeats or gaps', async () => {
    const alice = await createUser(ctx);
    const entity = await activeCompany(alice);
    const d = { ...deps(), series: 'PAR' };
    const rows = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx.database.db.transaction((tx) => issueInvoice(tx, d, { userId: alice.id, entity, kind: 'orders', lines: [{ description: `L${i}`, grossBani: 100 + i }] })),
      ),
    );
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps Romanian letters for the embedded font, writes the cedilla forms with the comma below, and marks what the font lacks', () => {
    expect(pdfSafe('Ștefan Țăranu, Brașov, Târgu Mureș, ĂÂÎȘȚ')).toBe('Ștefan Țăranu, Brașov, Târgu Mureș, ĂÂÎȘȚ');
    expect(pdfSafe('Târgu Mureş, Ţara Bârsei')).toBe('Târgu Mureș, Țara Bârsei');
    expect(pdfSafe('a → b 🍷 ✓\tc\u0000')).toBe('a → b ? ? c?');
  });
});

describe('top-up invoices (invoiceEveryPrepay)', () => {
  it('invoices a card top-up as an advance when the client wants it and has verified active billing data', async () => {
    const alice = await createUser(ctx);
    await activeCompany(alice);
    const identifier = randomUUID();
    const first = await ctx.database.db.transaction((tx) =>
      creditCardTopUp(tx, { userId: alice.id, amountBani: 20000, paymentIdentifier: identifier, cardBrand: 'Visa', lastDigits: '4242' }, invoicing()),
    );
    expect(first.invoice).toMatchObject({ kind: 'prepay', totalBani: 20000, netBani: 16529, vatBani: 3471, vatPercent: 21 });
    // The same payment answered twice: credited once, invoiced once.
    const again = await ctx.database.db.transaction((tx) =>
      creditCardTopUp(tx, { userId: alice.id, amountBani: 20000, paymentIdentifier: identifier, cardBrand: 'Visa', lastDigits: '4242' }, invoicing()),
    );
    expect(again).toEqual({ credited: false, invoice: null });
    const rows = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id));
    expect(rows).toHaveLength(1);
    const [ledger] = await ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, identifier));
    expect(ledger!.invoiceId).toBe(rows[0]!.id);
  });

  it('does not invoice a top-up when the client turned it off or the billing data is not verified', async () => {
    const off = await createUser(ctx);
    await activeCompany(off);
    await as(ctx, off, { method: 'POST', url: '/api/user/settings/invoicing', payload: { settings: { invoiceEveryPrepay: { value: false } } } });
    const pending = await createUser(ctx);
    await activeCompany(pending, 'pendingVerification');
    const none = await createUser(ctx);
    for (const u of [off, pending, none]) {
      const r = await ctx.database.db.transaction((tx) =>
        creditCardTopUp(tx, { userId: u.id, amountBani: 5000, paymentIdentifier: randomUUID(), cardBrand: 'Visa', lastDigits: '4242' }, invoicing()),
      );
      expect(r).toEqual({ credited: true, invoice: null });
    }
  });
});

describe('settling the account (POST user/settle-account-finances)', () => {
  it('answers 409 on an account that is already settled', async () => {
    const alice = await createUser(ctx);
    const res = await settle(alice);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.alreadySettled);
  });

  it('needs verified active billing data to invoice, and a bank account to return money; nothing changes when refused', async () => {
    const alice = await createUser(ctx);
    await charge(alice, 2380);
    const noEntity = await settle(alice);
    expect(noEntity.statusCode).toBe(409);
    expect(noEntity.json().message).toBe(m.needsBillingData);

    const bob = await createUser(ctx);
    await activeCompany(bob);
    await topUp(bob, 5000);
    const noBank = await settle(bob);
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json().message).toBe(m.needsBankAccount);

    expect((await profile(alice)).amountNotInvoicedSum).toBe('23.80');
    expect((await profile(bob)).amountPrepaidSum).toBe('50.00');
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id))).toHaveLength(0);
  });

  it('invoices every unbilled charge, returns the balance to the bank account, and leaves the account settled', async () => {
    const alice = await createUser(ctx);
    await activeCompany(alice);
    await setBankAccount(alice, CLIENT_IBAN);
    await charge(alice, 2380, 'Expediere AWB 111');
    await charge(alice, 1190, 'Expediere AWB 222');
    await topUp(alice, 10000);
    const before = await profile(alice);
    expect(before).toMatchObject({ amountNotInvoicedSum: '35.70', amountPrepaidSum: '100.00' });
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/billing/data' })).json().settled).toBe(false);

    const res = await settle(alice);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: m.settled, returnedAmount: '100.00', bankAccount: CLIENT_IBAN });
    expect(body.invoice).toMatchObject({ kind: 'settlement', total: '35.70', buyerName: `${alice.name} Firma` });
    expect(body.invoice.fullNumber).toMatch(/^COL \d{6}$/);

    expect(await profile(alice)).toMatchObject({ amountNotInvoicedSum: '0.00', amountPrepaidSum: '0.00' });
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/billing/data' })).json().settled).toBe(true);
    const open = await ctx.database.db.select().from(billableCharges).where(eq(billableCharges.userId, alice.id));
    expect(open.every((c) => c.invoiceId === body.invoice.id)).toBe(true);
    const [payout] = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'payout')));
    expect(payout).toMatchObject({ amountBani: -10000, description: `Returnare sold preplatit in contul ${CLIENT_IBAN}` });

    // The invoice mail is queued with the PDF attached, drawn when the mail is sent.
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, alice.id), eq(mailOutbox.kind, 'sendInvoiceMail')));
    expect(mail).toMatchObject({ to: [alice.email], subject: `Factura ${body.invoice.fullNumber} - decontarea contului`, status: 'pending' });
    expect(mail!.attachments).toEqual([{ filename: `Factura-COL-${body.invoice.fullNumber.slice(4)}.pdf`, contentType: 'application/pdf', invoiceId: body.invoice.id }]);
    const attachment = await invoiceAttachmentResolver(ctx.database)(mail!.attachments[0] as InvoiceAttachmentRef);
    expect(attachment.subarray(0, 5).toString()).toBe('%PDF-');

    // Irreversible: a second settle finds nothing to do.
    expect((await settle(alice)).statusCode).toBe(409);

    // The invoice is a real PDF, for its owner only.
    const pdf = await as(ctx, alice, { method: 'GET', url: body.invoice.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Factura-COL-${body.invoice.fullNumber.slice(4)}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Factura ${body.invoice.fullNumber}`);
    const { bob } = await twoUsers(ctx);
    expect((await as(ctx, bob, { method: 'GET', url: body.invoice.pdfUrl })).statusCode).toBe(404);
    expect((await as(ctx, null, { method: 'GET', url: body.invoice.pdfUrl })).statusCode).toBe(401);
    expect((await as(ctx, alice, { method: 'GET', url: '/api/user/invoices/abc/pdf' })).statusCode).toBe(400);
  });

  it('reverses the returned part of advance-invoiced top-ups on the settlement invoice', async () => {
    const alice = await createUser(ctx);
    await activeCompany(alice);
    await setBankAccount(alice, CLIENT_IBAN);
    await ctx.database.db.transaction((tx) =>
      creditCardTopUp(tx, { userId: alice.id, amountBani: 11900, paymentIdentifier: randomUUID(), cardBrand: 'Visa', lastDigits: '4242' }, invoicing()),
    );
    await ctx.database.db.insert(ledgerEntries).values({ userId: alice.id, kind: 'charge', amountBani: -4760, description: 'Expediere', reference: randomUUID() });
    const res = await settle(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ returnedAmount: '71.40' });
    expect(res.json().invoice.total).toBe('-71.40');
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, res.json().invoice.id));
    expect(row!.lines).toEqual([{ description: 'Stornare avans: sold preplatit returnat clientului', quantity: 1, unitNetBani: -5901, netBani: -5901, vatBani: -1239, vatPercent: 21 }]);
  });

  it('settles once when two requests race', async () => {
    const alice = await createUser(ctx);
    await activeCompany(alice);
    await setBankAccount(alice, CLIENT_IBAN);
    await charge(alice, 5000);
    await topUp(alice, 3000);
    const results = await Promise.all([settle(alice), settle(alice), settle(alice)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, alice.id), eq(ledgerEntries.kind, 'payout')))).toHaveLength(1);
  });

  it('lets an admin settle a selected client’s account; the invoice is the client’s', async () => {
    const client = await createUser(ctx);
    await activeCompany(client);
    await charge(client, 1000);
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const res = await as(ctx, admin, { method: 'POST', url: `/api/user/settle-account-finances?selectedClient=${client.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, res.json().invoice.id));
    expect(row!.userId).toBe(client.id);
    expect((await as(ctx, client, { method: 'GET', url: res.json().invoice.pdfUrl })).statusCode).toBe(200);
    expect((await as(ctx, admin, { method: 'GET', url: `${res.json().invoice.pdfUrl}?selectedClient=${client.id}` })).statusCode).toBe(200);
  });
});

describe('monthly invoices (invoiceEveryOrder off)', () => {
  it('puts last month’s unbilled charges of each client on one invoice and leaves this month’s open', async () => {
    const alice = await createUser(ctx);
    await activeCompany(alice);
    const noData = await createUser(ctx);
    const lastMonth = new Date(Date.now() - 40 * 86_400_000);
    for (const [u, bani] of [[alice, 1190], [alice, 2380], [noData, 500]] as const) {
      await ctx.database.db.insert(billableCharges).values({ userId: u.id, amountBani: bani, description: 'Expediere', reference: randomUUID(), createdAt: lastMonth });
    }
    await charge(alice, 999);
    const result = await invoicing().invoiceOpenChargesBefore(startOfMonthInBucharest());
    // Alice's charges on one invoice; the client without billing data waits.
    expect(result).toEqual({ invoiced: 1, skipped: 1 });
    const rows = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'orders', totalBani: 3570 });
    expect((await profile(alice)).amountNotInvoicedSum).toBe('9.99');
    expect((await profile(noData)).amountNotInvoicedSum).toBe('5.00');
    // Running again issues nothing new.
    await invoicing().invoiceOpenChargesBefore(startOfMonthInBucharest());
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id))).toHaveLength(1);
  });

  it('finds midnight of the 1st in Bucharest in winter and in summer', () => {
    expect(startOfMonthInBucharest(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(startOfMonthInBucharest(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(startOfMonthInBucharest(new Date('2026-11-30T22:30:00Z')).toISOString()).toBe('2026-11-30T22:00:00.000Z');
  });
});

describe('a subscription’s financial subaccount', () => {
  const pay = (url: string) =>
    ctx.app.inject({ method: 'POST', url, payload: 'number=4242424242424242&expiry=12%2F30&cvc=123', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('is the billing data active when it started: shown in the list, and its automatic top-ups are invoiced to it', async () => {
    const alice = await createUser(ctx);
    const entity = await activeCompany(alice);
    const start = await as(ctx, alice, {
      method: 'POST',
      url: '/api/user/prepay/top-up',
      payload: { amount: 200, subscription: { recurringAmount: 200, recurringMinBalance: 100 } },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect((await pay(start.json().url)).statusCode).toBeLessThan(400);
    const [sub] = (await as(ctx, alice, { method: 'GET', url: '/api/user/prepay/subscriptions' })).json().list;
    expect(sub.userFinancialSubaccount).toEqual({ name: alice.name, entityName: entity.name });

    // The first top-up went through the card page: invoiced as an advance to the active entry.
    const first = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'prepay', billingEntityId: entity.id, totalBani: 20000 });

    // Spend below the trigger; the automatic top-up is invoiced to the subscription's entry.
    await ctx.database.db.insert(ledgerEntries).values({ userId: alice.id, kind: 'charge', amountBani: -15000, description: 'Expediere', reference: randomUUID() });
    const subs = subscriptionsService({ database: ctx.database, gateway: simulatedGateway(), invoicing: invoicing() });
    expect((await subs.autoTopUp()).charged).toBe(1);
    const all = await ctx.database.db.select().from(invoices).where(eq(invoices.userId, alice.id));
    expect(all).toHaveLength(2);
    expect(all.every((i) => i.billingEntityId === entity.id)).toBe(true);
  });
});
