import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceSent, eInvoiceSentMessages } from '../src/db/schema.js';
import { eFacturaRest, type EFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { raspXml } from '../src/integrations/e-invoicing/rasp.js';
import { SIM_REST_BASE } from '../src/integrations/e-invoicing/simulator-rest.js';
import { supplierXml, type SupplierDocument } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { einvoiceSender, invoiceIssuedListener } from '../src/modules/einvoice/einvoice-send.js';
import { einvoiceSync } from '../src/modules/einvoice/einvoice-sync.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 26: a buyer's message about an invoice the platform sent (e-Factura's 'MESAJ CUMPARATOR')
 * is kept by the platform company's sync once, unread; the sent list shows it and filters by it;
 * the owner marks one or all read; another client cannot.
 */

const PLATFORM = '45500006';
const BUYER = '14399840';
const MIN = 60_000;
const URL_ONE = '/api/user/invoicing-system/outgoing-list/mark-message-as-read';
const URL_BULK = `${URL_ONE}/bulk`;

let ctx: TestContext;
let rest: EFacturaRest;
let owner: TestUser;
let buyer: TestUser;
let platformEntity: number;
let buyerEntity: number;
const documents = new Map<number, SupplierDocument>();
let nextId = 950_000;

type Row = { invoicingSystemId: number; invoiceNumber: string; processingId: { eInvoice: string | null }; message: { id: number; text: string; sender: string; status: number; date: string }[] };
const list = async (user: TestUser, filters: Record<string, unknown> = {}) => {
  const res = await as(ctx, user, { method: 'POST', url: '/api/user/invoicing-system/outgoing-list', payload: { identificationCode: PLATFORM, filters } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as Row[];
};
const put = (user: TestUser, url: string, payload: unknown) => as(ctx, user, { method: 'PUT', url, payload: payload as Record<string, unknown> });
const sync = () => einvoiceSync({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice, platformCui: PLATFORM });

/** An invoice of the platform to BUYER, sent and accepted; answers its upload index. */
async function accepted(number: string) {
  const invoiceId = nextId++;
  documents.set(invoiceId, { kind: 'invoice', sellerCui: PLATFORM, buyerCui: BUYER, number, issueDate: '2026-11-27', dueDate: '2026-12-27', lines: [{ name: 'Servicii curierat', quantity: 1, unitPriceBani: 1_000, vatPercent: 21 }] });
  await invoiceIssuedListener.handle(ctx.database.db, {
    id: invoiceId,
    type: 'invoice.issued',
    createdAt: new Date(),
    payload: { invoiceId, number, kind: 'invoice', buyerName: 'Demo Logistic SRL', buyerIdentification: BUYER, issueDay: '2026-11-27', netBani: 1_000, vatBani: 210, totalBani: 1_210 },
  });
  const sender = einvoiceSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice, platformCui: PLATFORM, document: async (_s, id) => ({ xml: supplierXml(documents.get(id)!), standard: 'UBL', b2c: false }), check: checkEInvoice });
  const at = new Date(Date.now() + (nextId - 950_000) * 10 * MIN);
  await sender.sendDue(at);
  await sender.sendDue(new Date(at.getTime() + 2 * MIN));
  const [row] = await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.sourceId, invoiceId));
  expect(row!.status).toBe('success');
  return row!.uploadIndex!;
}
/** The buyer's message about the invoice with this upload index, uploaded from its connection as a RASP. */
async function buyerWrites(uploadIndex: string, text: string) {
  const token = await ctx.app.services.einvoice.accessToken(buyerEntity);
  await rest.upload(token, BUYER, raspXml(uploadIndex, text), { standard: 'RASP' });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
  owner = await createUser(ctx);
  buyer = await createUser(ctx);
  platformEntity = await connectCompany(ctx, owner, PLATFORM);
  buyerEntity = await connectCompany(ctx, buyer, BUYER);
  const first = await accepted('MS-1001');
  const second = await accepted('MS-1002');
  await accepted('MS-1003');
  await buyerWrites(first, 'Va rugam corectati adresa.');
  await buyerWrites(first, 'Si codul postal.');
  await buyerWrites(second, 'Factura este in regula.');
}, 120_000);
afterAll(async () => ctx?.close());

describe("buyers' messages about sent invoices", () => {
  it('are kept by the sync once each, unread; a second sync stores nothing twice; the buyer’s own copies are not kept', async () => {
    await sync().syncCompany(platformEntity);
    const kept = await ctx.database.db.select().from(eInvoiceSentMessages);
    expect(kept.map((k) => [k.text, k.status, k.billingEntityId]).sort()).toEqual([
      ['Factura este in regula.', 1, platformEntity],
      ['Si codul postal.', 1, platformEntity],
      ['Va rugam corectati adresa.', 1, platformEntity],
    ]);
    await sync().syncCompany(platformEntity);
    await sync().syncCompany(buyerEntity);
    expect(await ctx.database.db.select().from(eInvoiceSentMessages)).toHaveLength(3);
  }, 60_000);

  it('show in the sent list (sender client, unread) and filter the list in SQL', async () => {
    const rows = await list(owner);
    const one = rows.find((r) => r.invoiceNumber === 'MS-1001')!;
    expect(one.message.map((msg) => [msg.text, msg.sender, msg.status])).toEqual([
      ['Va rugam corectati adresa.', 'client', 1],
      ['Si codul postal.', 'client', 1],
    ]);
    expect(one.message[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows.find((r) => r.invoiceNumber === 'MS-1003')!.message).toEqual([]);
    expect((await list(owner, { status: [4], messageStatus: 1 })).map((r) => r.invoiceNumber).sort()).toEqual(['MS-1001', 'MS-1002']);
    expect(await list(owner, { status: [4], messageStatus: 2 })).toEqual([]);
  });

  it('are marked read one or all at once, only the owner’s; an already-read message stays read; a bad body is refused', async () => {
    const one = (await list(owner)).find((r) => r.invoiceNumber === 'MS-1001')!;
    const [a, b] = one.message;
    // Another client: 404, nothing changes.
    const theirs = await put(buyer, URL_ONE, { messageId: a!.id });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'Mesajul nu a fost gasit.']);
    expect((await put(buyer, URL_BULK, { messageIds: [a!.id, b!.id] })).statusCode).toBe(404);
    expect((await put(owner, URL_BULK, { messageIds: [a!.id, 2_000_000] })).statusCode).toBe(404);
    expect((await list(owner)).find((r) => r.invoiceNumber === 'MS-1001')!.message.map((msg) => msg.status)).toEqual([1, 1]);

    const marked = await put(owner, URL_ONE, { messageId: a!.id });
    expect([marked.statusCode, marked.json()]).toEqual([200, { success: true }]);
    expect((await put(owner, URL_ONE, { messageId: a!.id })).statusCode).toBe(200);
    expect((await list(owner)).find((r) => r.invoiceNumber === 'MS-1001')!.message.map((msg) => msg.status)).toEqual([2, 1]);
    expect((await list(owner, { status: [4], messageStatus: 2 })).map((r) => r.invoiceNumber)).toEqual(['MS-1001']);

    const all = (await list(owner)).flatMap((r) => r.message.map((msg) => msg.id));
    expect((await put(owner, URL_BULK, { messageIds: all })).statusCode).toBe(200);
    expect(await list(owner, { status: [4], messageStatus: 1 })).toEqual([]);
    expect((await ctx.database.db.select().from(eInvoiceSentMessages)).every((k) => k.status === 2 && k.readAt !== null)).toBe(true);

    const bad = await put(owner, URL_ONE, { messageId: 'x' });
    expect([bad.statusCode, JSON.stringify(bad.json())]).toEqual([400, expect.stringContaining('Identificatorul mesajului este invalid.')]);
    const empty = await put(owner, URL_BULK, { messageIds: [] });
    expect([empty.statusCode, JSON.stringify(empty.json())]).toEqual([400, expect.stringContaining('Alegeti intre 1 si 500 de mesaje.')]);
  });
});
