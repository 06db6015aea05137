import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceSent, eInvoiceSentEvents, efacturaSimUploads } from '../src/db/schema.js';
import { EFacturaError, type EFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { supplierXml, type SupplierDocument } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { einvoiceSender, invoiceIssuedListener, UNKNOWN_SETTLE_MS } from '../src/modules/einvoice/einvoice-send.js';
import { invoicingDepsOf, issueInvoice } from '../src/modules/invoicing/index.js';
import { as, createUser, type TestContext, type TestUser } from './helper.js';
import { sendingTestApp } from './support/efactura.js';

/*
 * Issue 26: every invoice the platform issues is queued (the invoicing module's event), checked with
 * the official rules, uploaded to e-Factura once through the platform's company, and followed to
 * e-Factura's verdict, under parallel senders and a lost answer.
 */

const PLATFORM = '45500006';
const BUYER = '14399840';
const MIN = 60_000;

let ctx: TestContext;
let rest: EFacturaRest;
let owner: TestUser;
let stranger: TestUser;
/** The documents the test's invoices are, by their id (what the invoicing module would build). */
const documents = new Map<number, SupplierDocument>();
let nextId = 900_000;

const sender = (overrides: Partial<Parameters<typeof einvoiceSender>[0]> = {}) =>
  einvoiceSender({
    database: ctx.database,
    rest,
    einvoice: ctx.app.services.einvoice,
    platformCui: PLATFORM,
    document: async (_source, id) => ({ xml: supplierXml(documents.get(id)!), standard: 'UBL', b2c: false }),
    check: checkEInvoice,
    ...overrides,
  });

/** An invoice of the platform queued as the invoicing module's event queues it; answers its row id. */
async function queued(number: string, doc: Partial<SupplierDocument> = {}) {
  const invoiceId = nextId++;
  documents.set(invoiceId, { kind: 'invoice', sellerCui: PLATFORM, buyerCui: BUYER, number, issueDate: '2026-11-27', dueDate: '2026-12-27', lines: [{ name: 'Servicii curierat', quantity: 2, unitPriceBani: 1_850, vatPercent: 21 }], ...doc });
  await invoiceIssuedListener.handle(ctx.database.db, {
    id: invoiceId,
    type: 'invoice.issued',
    createdAt: new Date(),
    payload: { invoiceId, number, kind: 'invoice', buyerName: 'Demo Logistic SRL', buyerIdentification: BUYER, issueDay: '2026-11-27', netBani: 3_700, vatBani: 777, totalBani: 4_477 },
  });
  return (await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.sourceId, invoiceId)))[0]!;
}
const rowOf = async (id: number) => (await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.id, id)))[0]!;
const uploadsOf = async (number: string) => (await ctx.database.db.select({ index: efacturaSimUploads.uploadIndex }).from(efacturaSimUploads).where(and(eq(efacturaSimUploads.cif, PLATFORM), like(efacturaSimUploads.xml, `%<cbc:ID>${number}</cbc:ID>%`)))).length;
const history = async (id: number) => (await ctx.database.db.select().from(eInvoiceSentEvents).where(eq(eInvoiceSentEvents.sentId, id)).orderBy(eInvoiceSentEvents.id)).map((e) => e.status);

beforeAll(async () => {
  ({ ctx, rest, owner, stranger } = await sendingTestApp(PLATFORM, BUYER));
}, 120_000);
afterAll(async () => ctx?.close());

describe('an issued invoice', () => {
  it('is queued by the invoicing module’s event, once, with its deadline 5 working days after its issue', async () => {
    const user = await createUser(ctx);
    const deps = { ...invoicingDepsOf(ctx.config), mail: false };
    const buyer = { name: 'Demo Logistic SRL', identificationCode: BUYER, isCompany: true, isVatPayer: true, tradeRegister: 'J12/1234/2010', address: 'Strada Memorandumului 28, Cluj-Napoca, 400114', county: 'Cluj', countryCode: 'RO' };
    const row = await ctx.database.db.transaction((tx) =>
      issueInvoice(tx, deps, { userId: user.id, entity: { id: null, buyer }, kind: 'prepay', lines: [{ description: 'Avans', grossBani: 12_100 }], at: new Date('2026-11-27T10:00:00Z') }),
    );
    await deliverLifecycleEvents(ctx.database);
    await deliverLifecycleEvents(ctx.database);
    const sent = await ctx.database.db.select().from(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'platform'), eq(eInvoiceSent.sourceId, row.id)));
    expect(sent).toHaveLength(1);
    // Friday 27.11.2026: 30.11 and 01.12 are public holidays, the weekend does not count.
    expect(sent[0]).toMatchObject({ number: `${row.series} ${String(row.number).padStart(6, '0')}`, status: 'initial', kind: 'invoice', issueDate: '2026-11-27', deadline: '2026-12-08', taxExcludedBani: row.netBani, taxBani: row.vatBani, totalBani: row.totalBani, buyerIdentification: BUYER });
    // The other tests send documents of their own.
    await ctx.database.db.delete(eInvoiceSent).where(eq(eInvoiceSent.id, sent[0]!.id));
  });

  it('is checked, uploaded once and followed to e-Factura’s acceptance, its answer kept', async () => {
    const row = await queued('CO-1001');
    const now = new Date();
    expect(await sender().sendDue(now)).toMatchObject({ uploaded: 1 });
    const pending = await rowOf(row.id);
    expect(pending.status).toBe('pending');
    expect(pending.uploadIndex).toMatch(/^\d+$/);
    expect(pending.xml).toContain('<cbc:ID>CO-1001</cbc:ID>');
    expect(await sender().sendDue(new Date(now.getTime() + 2 * MIN))).toMatchObject({ success: 1 });
    const done = await rowOf(row.id);
    expect(done.status).toBe('success');
    expect(done.answerZip?.subarray(0, 2).toString()).toBe('PK');
    expect(await history(row.id)).toEqual(['initial', 'pending', 'success']);
    expect(await uploadsOf('CO-1001')).toBe(1);
  }, 60_000);

  it('that breaks the official rules is never uploaded: it stops in error with the rules’ ids', async () => {
    const row = await queued('CO-1002', { problem: 'totals' });
    expect(await sender().sendDue(new Date(Date.now() + 5 * MIN))).toMatchObject({ invalid: 1, uploaded: 0 });
    const stopped = await rowOf(row.id);
    expect(stopped.status).toBe('error');
    expect(stopped.findings.map((f) => f.id)).toEqual(expect.arrayContaining(['BR-CO-10', 'BR-CO-13']));
    expect(stopped.uploadIndex).toBeNull();
    expect(await uploadsOf('CO-1002')).toBe(0);
  }, 60_000);

  it('is uploaded once by 50 senders at once (the simulator counts one upload)', async () => {
    const row = await queued('CO-1003');
    const at = new Date(Date.now() + 6 * MIN);
    const runs = await Promise.all(Array.from({ length: 50 }, () => sender().sendDue(at)));
    expect(runs.reduce((a, r) => a + r.uploaded, 0)).toBe(1);
    expect(await uploadsOf('CO-1003')).toBe(1);
    expect((await rowOf(row.id)).status).toBe('pending');
  }, 60_000);

  it('refused by e-Factura stops in error with e-Factura’s reasons', async () => {
    // Another company named as its seller: e-Factura refuses an upload for a CIF that is not the seller's.
    const row = await queued('CO-1004', { sellerCui: '4221306' });
    const at = new Date(Date.now() + 7 * MIN);
    await sender().sendDue(at);
    expect(await sender().sendDue(new Date(at.getTime() + 2 * MIN))).toMatchObject({ refused: 1 });
    const refused = await rowOf(row.id);
    expect(refused.status).toBe('error');
    expect(refused.findings[0]?.text).toContain('CIF-ul vanzatorului (4221306) difera de CIF-ul pentru care se face incarcarea (45500006)');
    expect(await history(row.id)).toEqual(['initial', 'pending', 'error']);
  }, 60_000);
});

describe('a lost answer', () => {
  it('an upload that reached e-Factura is found in the sent list after the wait, never uploaded again', async () => {
    const row = await queued('CO-2001');
    const lossy: EFacturaRest = { ...rest, upload: async (...args) => (await rest.upload(...args), Promise.reject(new EFacturaError('network', 'socket hang up'))) };
    // Now: SPV dates its messages by the real clock, and the lookup reads its list from the attempt on.
    const at = new Date();
    expect(await sender({ rest: lossy }).sendDue(at)).toMatchObject({ retried: 1 });
    const unknown = await rowOf(row.id);
    expect([unknown.status, unknown.attemptedAt?.getTime()]).toEqual(['initial', at.getTime()]);
    // Within the wait nothing is uploaded; after it, the document is found and adopted.
    expect(await sender().sendDue(new Date(at.getTime() + UNKNOWN_SETTLE_MS - MIN))).toMatchObject({ waiting: 1, uploaded: 0, found: 0 });
    expect(await uploadsOf('CO-2001')).toBe(1);
    expect(await sender().sendDue(new Date(at.getTime() + UNKNOWN_SETTLE_MS + MIN))).toMatchObject({ found: 1, uploaded: 0 });
    expect((await rowOf(row.id)).status).toBe('pending');
    expect(await uploadsOf('CO-2001')).toBe(1);
  }, 60_000);

  it('an upload that never reached e-Factura is sent again after the wait', async () => {
    const row = await queued('CO-2002');
    const dead: EFacturaRest = { ...rest, upload: async () => Promise.reject(new EFacturaError('network', 'connect ECONNREFUSED')) };
    const at = new Date(Date.now() + 20 * MIN);
    await sender({ rest: dead }).sendDue(at);
    expect(await uploadsOf('CO-2002')).toBe(0);
    expect(await sender().sendDue(new Date(at.getTime() + UNKNOWN_SETTLE_MS + MIN))).toMatchObject({ uploaded: 1 });
    expect(await uploadsOf('CO-2002')).toBe(1);
    expect((await rowOf(row.id)).status).toBe('pending');
  }, 60_000);

  it('a refused token is an answer: nothing was uploaded, the next try uploads at once', async () => {
    const row = await queued('CO-2003');
    const refusing: EFacturaRest = { ...rest, upload: async () => Promise.reject(new EFacturaError('unauthorised', 'token refused')) };
    const at = new Date(Date.now() + 60 * MIN);
    await sender({ rest: refusing }).sendDue(at);
    const after = await rowOf(row.id);
    expect([after.status, after.attemptedAt, after.lastError]).toEqual(['initial', null, 'token refused']);
    expect(await sender().sendDue(new Date(at.getTime() + 2 * MIN))).toMatchObject({ uploaded: 1 });
  }, 60_000);
});

describe('without the platform’s company connected', () => {
  it('waits, saying why, and uploads nothing', async () => {
    const row = await queued('CO-3001');
    const other = sender({ platformCui: '4221306' });
    expect(await other.sendDue(new Date(Date.now() + 90 * MIN))).toMatchObject({ retried: 1 });
    const waiting = await rowOf(row.id);
    expect([waiting.status, waiting.lastError]).toEqual(['initial', 'Firma platformei nu este conectata la e-Factura: documentul asteapta conectarea.']);
    expect(await uploadsOf('CO-3001')).toBe(0);
  });
});

describe("the platform's sent list ('Facturi trimise')", () => {
  const list = (user: TestUser, code: string, filters: Record<string, unknown> = {}) => as(ctx, user, { method: 'POST', url: '/api/user/invoicing-system/outgoing-list', payload: { identificationCode: code, filters } });

  it('shows the platform’s documents with their status, deadline and amounts; a status filter; another company’s list is empty', async () => {
    const all = await list(owner, PLATFORM);
    expect(all.statusCode, all.body).toBe(200);
    const byNumber = new Map((all.json().list as { invoiceNumber: string }[]).map((r) => [r.invoiceNumber, r]));
    expect(byNumber.get('CO-1001')).toMatchObject({ status: 4, date: '2026-11-27', deadline: '2026-12-08', amounts: { taxExcluded: 3_700, tax: 777, total: 4_477 }, currency: 'RON', buyer: { name: 'Demo Logistic SRL', identification: BUYER } });
    expect(byNumber.get('CO-1002')).toMatchObject({ status: 3, processingId: { eInvoice: null } });
    expect(all.json().ownCompany).toBe(true);
    const errors = await list(owner, PLATFORM, { status: [3] });
    expect((errors.json().list as { status: number }[]).every((r) => r.status === 3)).toBe(true);
    expect(errors.json().list.length).toBeGreaterThanOrEqual(2);
    const byBuyer = await list(owner, PLATFORM, { buyer: { name: 'demo logistic', identification: '' } });
    expect(byBuyer.json().pagination.totalCount).toBe(all.json().pagination.totalCount);
    const nobody = await list(owner, PLATFORM, { buyer: { name: 'Nimeni', identification: '' } });
    expect(nobody.json().list).toEqual([]);
    const theirs = await list(stranger, BUYER);
    expect([theirs.statusCode, theirs.json().ownCompany, theirs.json().list]).toEqual([200, false, []]);
    // A company the client has not connected answers 404.
    expect((await list(stranger, PLATFORM)).statusCode).toBe(404);
  });

  it('refuses a bad filter with its Romanian message (400): a start after the end, a day that is not one, a status that does not exist', async () => {
    const after = await list(owner, PLATFORM, { dateFrom: '2026-11-30', dateTo: '2026-11-01' });
    expect([after.statusCode, JSON.stringify(after.json())]).toEqual([400, expect.stringContaining('Data de inceput este dupa data de sfarsit.')]);
    const notADay = await list(owner, PLATFORM, { dateFrom: '30.11.2026' });
    expect([notADay.statusCode, JSON.stringify(notADay.json())]).toEqual([400, expect.stringContaining('Data este invalida.')]);
    expect((await list(owner, PLATFORM, { status: [9] })).statusCode).toBe(400);
    expect((await as(ctx, owner, { method: 'GET', url: '/api/user/invoicing-system/invoice/download/abc/xml' })).statusCode).toBe(400);
  });

  it('a refused document’s status details carry e-Factura’s reasons; an invalid one its rules; another client gets 404', async () => {
    const all = (await list(owner, PLATFORM)).json().list as { invoicingSystemId: number; invoiceNumber: string }[];
    const refused = all.find((r) => r.invoiceNumber === 'CO-1004')!;
    const details = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/status-details/${refused.invoicingSystemId}` });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().list.map((d: { status: { status: string } }) => d.status.status)).toEqual(['queued', 'uploadSuccessful', 'uploadRejected']);
    expect(details.json().findings[0].text).toContain('CIF-ul vanzatorului (4221306)');
    const invalid = all.find((r) => r.invoiceNumber === 'CO-1002')!;
    const rules = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/status-details/${invalid.invoicingSystemId}` });
    expect(rules.json().list.at(-1).status.status).toBe('uploadFailed');
    expect(rules.json().findings.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining(['BR-CO-10']));
    expect((await as(ctx, owner, { method: 'GET', url: '/api/user/invoicing-system/status-details/999999' })).statusCode).toBe(404);
    expect((await as(ctx, stranger, { method: 'GET', url: `/api/user/invoicing-system/status-details/${refused.invoicingSystemId}` })).statusCode).toBe(404);
  });

  it('downloads an accepted document’s XML, e-Factura’s signed answer and its PDF; a refused one cannot be downloaded', async () => {
    const all = (await list(owner, PLATFORM)).json().list as { invoiceNumber: string; processingId: { eInvoice: string | null } }[];
    const ok = all.find((r) => r.invoiceNumber === 'CO-1001')!.processingId.eInvoice!;
    const xml = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${ok}/xml` });
    expect([xml.statusCode, xml.headers['content-disposition']]).toEqual([200, `attachment; filename="efactura-CO-1001-${ok}.xml"`]);
    expect(xml.body).toContain('<cbc:ID>CO-1001</cbc:ID>');
    const zip = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${ok}/zip` });
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${ok}/pdf` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = all.find((r) => r.invoiceNumber === 'CO-1004')!.processingId.eInvoice!;
    const no = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${refused}/xml` });
    expect([no.statusCode, no.json().message]).toEqual([409, 'Factura poate fi descarcata doar dupa ce e-Factura a acceptat-o.']);
    expect((await as(ctx, stranger, { method: 'GET', url: `/api/user/invoicing-system/invoice/download/${ok}/xml` })).statusCode).toBe(404);
  });

  it("'Retrimite': a refused document, once mended, is built, checked and uploaded again with a new index; only from error", async () => {
    const all = (await list(owner, PLATFORM)).json().list as { invoicingSystemId: number; invoiceNumber: string; processingId: { eInvoice: string | null } }[];
    const refused = all.find((r) => r.invoiceNumber === 'CO-1004')!;
    const oldIndex = refused.processingId.eInvoice!;
    // Not another client's, and not a document that is not in error.
    expect((await as(ctx, stranger, { method: 'POST', url: `/api/user/invoicing-system/status-details/${refused.invoicingSystemId}/reprocess` })).statusCode).toBe(404);
    const accepted = all.find((r) => r.invoiceNumber === 'CO-1001')!;
    const notInError = await as(ctx, owner, { method: 'POST', url: `/api/user/invoicing-system/status-details/${accepted.invoicingSystemId}/reprocess` });
    expect([notInError.statusCode, notInError.json().message]).toEqual([409, 'Doar o factura in Eroare poate fi trimisa din nou.']);
    // The mend: the document now names the platform as its seller.
    const row = await rowOf(refused.invoicingSystemId);
    documents.set(row.sourceId!, { ...documents.get(row.sourceId!)!, sellerCui: PLATFORM });
    const again = await as(ctx, owner, { method: 'POST', url: `/api/user/invoicing-system/status-details/${refused.invoicingSystemId}/reprocess` });
    expect([again.statusCode, again.json().message]).toEqual([200, 'Factura a fost pusa din nou la trimis: va fi construita si verificata din nou.']);
    const twice = await as(ctx, owner, { method: 'POST', url: `/api/user/invoicing-system/status-details/${refused.invoicingSystemId}/reprocess` });
    expect(twice.statusCode).toBe(409);
    const at = new Date(Date.now() + 120 * MIN);
    await sender().sendDue(at);
    await sender().sendDue(new Date(at.getTime() + 2 * MIN));
    const done = await rowOf(refused.invoicingSystemId);
    expect(done.status).toBe('success');
    expect(done.uploadIndex).not.toBe(oldIndex);
    expect(await history(refused.invoicingSystemId)).toEqual(['initial', 'pending', 'error', 'initial', 'pending', 'success']);
  }, 60_000);
});
