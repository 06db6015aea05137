import { USER_TYPE, balanceAdminMessages as m, messages } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, invoices, ledgerEntries, userSettings } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { balanceBani, creditTopUp, paymentsBani } from '../src/modules/ledger/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { activeCompany } from './support/billing.js';
import { activatedShipment, postpaidClient } from './support/invoices.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  admin = await createUser(ctx, { name: 'Admin Balante', userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const post = (u: TestUser | null, url: string, payload: object) => as(ctx, u, { method: 'POST', url, payload });
type Item = { id: number; fullNumber: string; kind: string; totalBani: number; paid: boolean };
async function invoicesOf(u: TestUser) {
  const res = await as(ctx, u, { method: 'GET', url: '/api/user/invoices' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as Item[];
}
const auditOf = (clientId: number) => ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.clientId, clientId)).orderBy(adminAuditLog.id);

/** A postpaid client with one activated shipment invoiced, and that invoice. */
async function invoicedPostpaid() {
  const client = await createUser(ctx);
  await postpaidClient(ctx, client, true);
  await activatedShipment(ctx, client);
  const [invoice] = await invoicesOf(client);
  return { client, invoice: invoice! };
}

async function recordPayment(client: TestUser, invoiceId: number, amount: number) {
  const res = await post(admin, '/api/admin/payments', { selectedClient: client.id, invoiceId, amount, reference: 'OP 123' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment as { id: string; amountBani: number; leftBani: number; active: boolean };
}

describe('guards and the audit log', () => {
  it('refuses strangers 401 and clients 403 on every balance call; an admin call writes who did what for whom', async () => {
    const client = await createUser(ctx);
    const calls: [string, string, object][] = [
      ['POST', '/api/admin/trigger-invoice', { selectedClient: client.id }],
      ['POST', '/api/admin/trigger-invoice/pre-pay', { selectedClient: client.id }],
      ['POST', '/api/admin/activate-payment', { id: crypto.randomUUID() }],
      ['POST', '/api/admin/revert-payment', { id: crypto.randomUUID(), amount: 1 }],
      ['GET', '/api/admin/companies', {}],
      ['GET', '/api/admin/audit-log', {}],
      ['GET', `/api/admin/payments?selectedClient=${client.id}`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const opts = { method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload } : {}) };
      expect((await as(ctx, null, opts)).statusCode, `${url} signed out`).toBe(401);
      expect((await as(ctx, client, opts)).statusCode, `${url} as a client`).toBe(403);
    }
    // Refused calls are no admin's actions: nothing written for this client.
    expect(await auditOf(client.id)).toHaveLength(0);

    // An admin's call is written: admin, client, action, details, status, time; readable through the API.
    const res = await post(admin, '/api/admin/trigger-invoice', { selectedClient: client.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.nothingToInvoice);
    const rows = await auditOf(client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adminId: admin.id, clientId: client.id, action: 'POST /api/admin/trigger-invoice', statusCode: 409, details: { body: { selectedClient: client.id } } });
    const log = await as(ctx, admin, { method: 'GET', url: `/api/admin/audit-log?clientId=${client.id}` });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json()).toMatchObject({ count: 1, list: [{ admin: { id: admin.id }, client: { id: client.id }, action: 'POST /api/admin/trigger-invoice', statusCode: 409 }] });
    // Reading the log is not written into it; the existing admin calls are (the client search).
    await as(ctx, admin, { method: 'GET', url: '/api/admin/clients?search=zzz' });
    const all = await as(ctx, admin, { method: 'GET', url: '/api/admin/audit-log?limit=5&reads=true' });
    expect(all.json().list[0]).toMatchObject({ action: 'GET /api/admin/clients', client: null, details: { query: { search: 'zzz' } } });
    expect((all.json().list as { action: string }[]).some((e) => e.action === 'GET /api/admin/audit-log')).toBe(false);
    // Without reads=true, only the actions.
    const actions = (await as(ctx, admin, { method: 'GET', url: '/api/admin/audit-log?limit=5' })).json().list as { action: string }[];
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((e) => !e.action.startsWith('GET '))).toBe(true);
  });

  it("writes what an admin does for a client through the client's own routes; a client's own calls are not written", async () => {
    const client = await createUser(ctx);
    expect((await post(client, '/api/user/balance/available', {})).statusCode).toBe(200);
    expect(await auditOf(client.id)).toHaveLength(0);
    const read = await post(admin, '/api/user/balance/available', { selectedClient: client.id, fromDate: '2026-10-01', toDate: '2026-10-31' });
    expect(read.statusCode, read.body).toBe(200);
    const refused = await post(admin, '/api/user/balance/available', { selectedClient: client.id, fromDate: 'ieri' });
    expect(refused.statusCode).toBe(400);
    const rows = await auditOf(client.id);
    expect(rows.map((r) => [r.adminId, r.action, r.statusCode])).toEqual([
      [admin.id, 'POST /api/user/balance/available', 200],
      [admin.id, 'POST /api/user/balance/available', 400],
    ]);
    expect(rows[0]!.details).toMatchObject({ body: { selectedClient: client.id, fromDate: '2026-10-01', toDate: '2026-10-31' } });
    // An admin's own calls (no client named) are not actions for anyone.
    expect((await post(admin, '/api/user/balance/available', {})).statusCode).toBe(200);
    expect(await auditOf(client.id)).toHaveLength(2);
  });

  it('lists the platform companies: the current seller first', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: '/api/admin/companies' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list[0]).toEqual({ id: Number(ctx.config.seller.cui.replace(/\D/g, '')), name: ctx.config.seller.name });
  });
});

describe('POST /api/admin/trigger-invoice', () => {
  it('invoices everything not invoiced yet, exactly once under parallel calls', async () => {
    const client = await createUser(ctx);
    await postpaidClient(ctx, client, false);
    await activatedShipment(ctx, client);
    await activatedShipment(ctx, client);
    expect(await invoicesOf(client)).toHaveLength(0);

    const answers = await Promise.all(Array.from({ length: 4 }, () => post(admin, '/api/admin/trigger-invoice', { selectedClient: client.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const ok = answers.find((r) => r.statusCode === 200)!.json();
    expect(ok).toMatchObject({ message: m.invoiceIssued, invoice: { kind: 'orders' } });
    const list = await invoicesOf(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: ok.invoice.id, kind: 'orders', paid: false });
    const audit = await auditOf(client.id);
    expect(audit.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(audit.find((a) => a.statusCode === 200)!.details).toMatchObject({ invoiceId: ok.invoice.id });
  });

  it('answers 404 for an unknown client and 400 without one', async () => {
    expect((await post(admin, '/api/admin/trigger-invoice', { selectedClient: 99_999_999 })).json().message).toBe(messages.profile.clientNotFound);
    expect((await post(admin, '/api/admin/trigger-invoice', {})).statusCode).toBe(400);
  });
});

describe('POST /api/admin/trigger-invoice/pre-pay', () => {
  it('issues one advance invoice for the top-ups not invoiced yet, once', async () => {
    const client = await createUser(ctx);
    // Two top-ups credited before the client had billing data: no advance invoice then.
    await creditTopUp(ctx.database.db, { userId: client.id, amountBani: 100_00, reference: `t-${client.id}-1`, description: 'Reincarcare cont' });
    await creditTopUp(ctx.database.db, { userId: client.id, amountBani: 50_00, reference: `t-${client.id}-2`, description: 'Reincarcare cont' });
    const noData = await post(admin, '/api/admin/trigger-invoice/pre-pay', { selectedClient: client.id });
    expect(noData.json().message).toBe(m.needsBillingData);
    await activeCompany(ctx, client);

    const answers = await Promise.all([1, 2, 3].map(() => post(admin, '/api/admin/trigger-invoice/pre-pay', { selectedClient: client.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const ok = answers.find((r) => r.statusCode === 200)!.json();
    expect(ok).toMatchObject({ message: m.prepayInvoiceIssued, invoice: { kind: 'prepay', total: '150.00' } });
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toBe(m.nothingToInvoiceAsAdvance);
    const topUps = await ctx.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, client.id), eq(ledgerEntries.kind, 'topup')));
    expect(topUps.map((t) => t.invoiceId)).toEqual([ok.invoice.id, ok.invoice.id]);
    expect(await invoicesOf(client)).toMatchObject([{ kind: 'prepay', paid: true, totalBani: 150_00 }]);
  });

  it('refuses a client whose top-ups are not invoiced as advances', async () => {
    const client = await createUser(ctx);
    await activeCompany(ctx, client);
    await ctx.database.db.insert(userSettings).values({ userId: client.id, invoiceEveryPrepay: false }).onConflictDoUpdate({ target: userSettings.userId, set: { invoiceEveryPrepay: false } });
    await creditTopUp(ctx.database.db, { userId: client.id, amountBani: 100_00, reference: `t-${client.id}-1`, description: 'Reincarcare cont' });
    const res = await post(admin, '/api/admin/trigger-invoice/pre-pay', { selectedClient: client.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.advanceNeedsPrepayInvoicing);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.userId, client.id))).toHaveLength(0);
  });
});

describe('payments of postpaid invoices', () => {
  it('activate once, revert within the limits, paid state follows, ledger moves once per action', async () => {
    const { client, invoice } = await invoicedPostpaid();
    expect(invoice.paid).toBe(false);
    const payment = await recordPayment(client, invoice.id, invoice.totalBani / 100);
    expect(payment).toMatchObject({ active: false, amountBani: invoice.totalBani });
    // Not active yet: not counted, not revertible.
    expect((await invoicesOf(client))[0]!.paid).toBe(false);
    expect((await post(admin, '/api/admin/revert-payment', { id: payment.id, amount: 1 })).json().message).toBe(m.paymentNotActive);

    const activations = await Promise.all([1, 2, 3].map(() => post(admin, '/api/admin/activate-payment', { id: payment.id })));
    expect(activations.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(activations.find((r) => r.statusCode === 200)!.json().message).toBe(m.paymentActivated);
    expect(await paymentsBani(ctx.database.db, client.id)).toBe(invoice.totalBani);
    expect(await balanceBani(ctx.database.db, client.id)).toBe(0);
    expect((await invoicesOf(client))[0]!.paid).toBe(true);

    // Below 0,10 lei: 400 with the catalogue's text; above what is left: 409.
    const small = await post(admin, '/api/admin/revert-payment', { id: payment.id, amount: 0.09 });
    expect(small.statusCode).toBe(400);
    const big = await post(admin, '/api/admin/revert-payment', { id: payment.id, amount: invoice.totalBani / 100 + 0.01 });
    expect(big.statusCode).toBe(409);
    expect(big.json().message).toBe(m.revertTooLarge);

    const revert = await post(admin, '/api/admin/revert-payment', { id: payment.id, amount: 1 });
    expect(revert.statusCode, revert.body).toBe(200);
    expect(revert.json()).toMatchObject({ message: m.paymentReverted, payment: { leftBani: invoice.totalBani - 100, revertedBani: 100 } });
    expect(await paymentsBani(ctx.database.db, client.id)).toBe(invoice.totalBani - 100);
    expect((await invoicesOf(client))[0]!.paid).toBe(false);

    // Parallel reverts of everything left: the sum never exceeds the payment.
    const left = invoice.totalBani - 100;
    const half = Math.ceil(left / 2);
    const parallel = await Promise.all([half, half, half, half].map((b) => post(admin, '/api/admin/revert-payment', { id: payment.id, amount: b / 100 })));
    const done = parallel.filter((r) => r.statusCode === 200).length;
    expect(done).toBeLessThanOrEqual(2);
    for (const r of parallel.filter((x) => x.statusCode !== 200)) expect(r.json().message).toBe(m.revertTooLarge);
    const listed = (await as(ctx, admin, { method: 'GET', url: `/api/admin/payments?selectedClient=${client.id}` })).json().list[0];
    expect(listed.revertedBani).toBe(100 + done * half);
    expect(listed.revertedBani).toBeLessThanOrEqual(listed.amountBani);
    expect(await paymentsBani(ctx.database.db, client.id)).toBe(listed.amountBani - listed.revertedBani);

    // Every payment call is in the audit log, for the payment's client.
    const actions = (await auditOf(client.id)).map((a) => a.action);
    expect(actions).toContain('POST /api/admin/activate-payment');
    expect(actions).toContain('POST /api/admin/revert-payment');
  });

  it('offers the invoices left to pay; records a transfer once; refuses a future day and an empty reference', async () => {
    const { client, invoice } = await invoicedPostpaid();
    const payable = async () => {
      const res = await as(ctx, admin, { method: 'GET', url: `/api/admin/payments/invoices?selectedClient=${client.id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().list as { id: number; fullNumber: string; totalBani: number; leftBani: number }[];
    };
    expect(await payable()).toEqual([expect.objectContaining({ id: invoice.id, fullNumber: invoice.fullNumber, totalBani: invoice.totalBani, leftBani: invoice.totalBani })]);
    // Only admins see it; another client's id is no client of theirs to name.
    expect((await as(ctx, client, { method: 'GET', url: `/api/admin/payments/invoices?selectedClient=${client.id}` })).statusCode).toBe(403);

    const body = { selectedClient: client.id, invoiceId: invoice.id, amount: 10, reference: 'OP 777' };
    const empty = await post(admin, '/api/admin/payments', { ...body, reference: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(m.referenceRequired);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await post(admin, '/api/admin/payments', { ...body, paidOn: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(m.paidOnFuture);

    // The same transfer twice at once (a double click): one payment, the other 409.
    const twice = await Promise.all([post(admin, '/api/admin/payments', body), post(admin, '/api/admin/payments', body)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().message).toBe(m.paymentDuplicate);
    const listed = (await as(ctx, admin, { method: 'GET', url: `/api/admin/payments?selectedClient=${client.id}` })).json().list;
    expect(listed).toHaveLength(1);

    // Active, it lowers what is left; the rest paid, the invoice leaves the choice.
    expect((await post(admin, '/api/admin/activate-payment', { id: listed[0].id })).statusCode).toBe(200);
    expect((await payable())[0]!.leftBani).toBe(invoice.totalBani - 10_00);
    const rest = await post(admin, '/api/admin/payments', { ...body, amount: (invoice.totalBani - 10_00) / 100, reference: 'OP 778' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await post(admin, '/api/admin/activate-payment', { id: rest.json().payment.id })).statusCode).toBe(200);
    expect(await payable()).toEqual([]);
  });

  it('refuses a payment for an invoice that is not postpaid or not the client\'s', async () => {
    const { client, invoice } = await invoicedPostpaid();
    const other = await createUser(ctx);
    const res = await post(admin, '/api/admin/payments', { selectedClient: other.id, invoiceId: invoice.id, amount: 1, reference: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.invoicing.invoiceNotFound);
    expect((await post(admin, '/api/admin/activate-payment', { id: crypto.randomUUID() })).json().message).toBe(m.paymentNotFound);
    expect(client.id).toBeGreaterThan(0);

    // An advance (a top-up's invoice) covers no postpaid shipment: 409, nothing recorded.
    await activeCompany(ctx, other);
    await creditTopUp(ctx.database.db, { userId: other.id, amountBani: 20_00, reference: `t-${other.id}-1`, description: 'Reincarcare cont' });
    expect((await post(admin, '/api/admin/trigger-invoice/pre-pay', { selectedClient: other.id })).statusCode).toBe(200);
    const [advance] = await invoicesOf(other);
    const notPostpaid = await post(admin, '/api/admin/payments', { selectedClient: other.id, invoiceId: advance!.id, amount: 1, reference: 'x' });
    expect(notPostpaid.statusCode).toBe(409);
    expect(notPostpaid.json().message).toBe(m.invoiceNotPostpaid);
    expect((await as(ctx, admin, { method: 'GET', url: `/api/admin/payments?selectedClient=${other.id}` })).json().list).toEqual([]);
  });
});
