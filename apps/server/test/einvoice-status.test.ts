import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eInvoiceReceived, eInvoiceReceivedMessages, efacturaSimUploads } from '../src/db/schema.js';
import { EFacturaError, eFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { raspXml, readRasp } from '../src/integrations/e-invoicing/rasp.js';
import { SIM_REST_BASE } from '../src/integrations/e-invoicing/simulator-rest.js';
import { EINVOICE_MESSAGES_QUEUE } from '../src/jobs/einvoice-messages.js';
import { startJobs } from '../src/jobs/boss.js';
import { announceReceivedMessageQueued, isDefiniteRefusal, onReceivedMessageQueued, receivedMessageSender, retryDelayMs } from '../src/modules/einvoice/einvoice-messages.js';
import { einvoiceSync } from '../src/modules/einvoice/einvoice-sync.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import type { FetchLike } from '../src/integrations/e-invoicing/anaf-oauth.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { connectCompany, sampleInvoice, simAccessToken } from './support/efactura.js';

/*
 * Issue 25: a received invoice's status moves (spec 002 section 4.8) and the comment of a rejection
 * sent to the supplier through e-Factura as a RASP message, once: through the job's queue, beside a
 * second sender, and after an upload whose answer was lost.
 */

const SELLER = '4221306';
const BUYER = '14399840';

let ctx: TestContext;
let alice: TestUser;
let entityId: number;
let rest: ReturnType<typeof eFacturaRest>;

const patch = (user: TestUser, payload: Record<string, unknown>) => as(ctx, user, { method: 'PATCH', url: '/api/user/invoicing-system/invoice/status', payload });
const invoiceRow = async (number: string) => (await ctx.database.db.select().from(eInvoiceReceived).where(and(eq(eInvoiceReceived.billingEntityId, entityId), eq(eInvoiceReceived.number, number))))[0]!;
const messagesOf = (id: number) => ctx.database.db.select().from(eInvoiceReceivedMessages).where(eq(eInvoiceReceivedMessages.receivedInvoiceId, id)).orderBy(eInvoiceReceivedMessages.id);
const raspUploads = async () => (await ctx.database.db.select().from(efacturaSimUploads).where(and(eq(efacturaSimUploads.standard, 'RASP'), eq(efacturaSimUploads.cif, BUYER)))).length;

/** The seller's buyer messages in SPV, read back: the invoice's upload index and the text of each. */
async function sellerInbox() {
  const token = await simAccessToken(ctx, SELLER);
  const listed = await rest.listPage(token, SELLER, Date.now() - 3_600_000, Date.now() + 60_000, 1, 'R');
  return Promise.all(listed.messages.map(async (m) => ({ type: m.type, details: m.details, ...readRasp((await rest.download(token, m.id)).root)! })));
}

/** A fresh invoice from the seller, synced into the buyer's list; answers its row. */
async function receivedInvoice(number: string) {
  await rest.upload(await simAccessToken(ctx, SELLER), SELLER, sampleInvoice(number, SELLER, BUYER), { standard: 'UBL' });
  await einvoiceSync({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).syncCompany(entityId);
  return invoiceRow(number);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx);
  entityId = await connectCompany(ctx, alice, BUYER);
  rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
}, 120_000);
afterAll(async () => ctx?.close());

describe('status moves of a customer account', () => {
  it("'Factura nu ne apartine' without a comment rejects it and sends nothing; 'Marcheaza ca primita' takes it back", async () => {
    const row = await receivedInvoice('ST-1');
    const rejected = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: '' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ success: true, changeStatus: { success: true }, messageSend: false, status: 'rejected', message: 'Operatia a fost trimisa cu succes!' });
    expect((await invoiceRow('ST-1')).status).toBe('rejected');
    expect(await messagesOf(row.id)).toEqual([]);
    const back = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'rejected', newStatus: 'initial' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await invoiceRow('ST-1')).status).toBe('initial');
  });

  it('answers 409 for a status the invoice is no longer in, and for a move the account type does not have; nothing changes', async () => {
    const row = await receivedInvoice('ST-2');
    const stale = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'rejected', newStatus: 'initial' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Starea facturii s-a schimbat intre timp. Reincarcati lista.');
    // Accepting is the platform's own company's move (Internal), not a customer's.
    const accept = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'manually_accepted' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('Operatia nu este permisa pentru starea facturii.');
    // Two rejections at once: one moves it, the other finds it moved.
    const both = await Promise.all([1, 2].map(() => patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Nu am comandat' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await messagesOf(row.id)).toHaveLength(1);
  });

  it('refuses bad input with 400 and another client’s invoice with 404', async () => {
    const row = await invoiceRow('ST-1');
    const bad = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'x'.repeat(1001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Comentariul poate avea cel mult 1000 de caractere.');
    const commentWithoutReject = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'rejected', newStatus: 'initial', comment: 'salut' });
    expect(commentWithoutReject.statusCode).toBe(400);
    expect(commentWithoutReject.body).toContain('Un comentariu se trimite doar cu respingerea facturii.');
    expect((await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'nu-exista' })).statusCode).toBe(400);
    expect((await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial' })).statusCode).toBe(400);
    const bob = await createUser(ctx);
    expect((await patch(bob, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected' })).statusCode).toBe(404);
    expect((await invoiceRow('ST-1')).status).toBe('initial');
  });
});

describe('the comment of a rejection, sent to the supplier', () => {
  it('makes it rejected_with_message; the job sends it once through its queue as a RASP message the seller reads', async () => {
    const row = await receivedInvoice('ST-3');
    const before = await raspUploads();
    const res = await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: '  Cantitatea facturata difera de aviz.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messageSend: true, status: 'rejected_with_message' });
    const listBody = { identificationCode: BUYER, usedDate: 'eInvoiceDate', filtersObj: { status: ['rejected_with_message'], date: { fromDate: '2020-01-01', toDate: '2099-12-31' } } };
    const queued = (await as(ctx, alice, { method: 'POST', url: '/api/user/invoicing-system/received-invoices', payload: listBody })).json().list[0];
    expect(queued.generalData.message).toEqual([{ message: 'Cantitatea facturata difera de aviz.', sentDateTime: expect.any(String), status: 'uploading' }]);

    const jobs = await startJobs(ctx.app);
    try {
      const job = await runJob(jobs.boss, EINVOICE_MESSAGES_QUEUE, 60_000);
      expect(job.state).toBe('completed');
      // This one, and any other comment still waiting (the test of two rejections at once left one).
      const output = job.output as { sent: number; retried: number };
      expect(output).toMatchObject({ retried: 0 });
      expect(output.sent).toBeGreaterThanOrEqual(1);
      expect(await raspUploads()).toBe(before + output.sent);
    } finally {
      await jobs.stop();
    }
    const [sent] = await messagesOf(row.id);
    expect(sent).toMatchObject({ status: 'uploadSuccessful', uploadIndex: expect.stringMatching(/^\d+$/) });
    const listed = (await as(ctx, alice, { method: 'POST', url: '/api/user/invoicing-system/received-invoices', payload: listBody })).json().list[0];
    expect(listed.generalData.message[0].status).toBe('uploadSuccessful');
    const inbox = await sellerInbox();
    expect(inbox).toContainEqual({ type: 'MESAJ CUMPARATOR PRIMIT / MESAJ CUMPARATOR TRANSMIS', details: `Mesaj cumparator primit pentru factura cu id_incarcare=${row.uploadIndex} de la cif_beneficiar=${BUYER}`, invoiceUploadIndex: row.uploadIndex, message: 'Cantitatea facturata difera de aviz.' });
  }, 90_000);

  it('is sent once by two senders at the same moment', async () => {
    const row = await receivedInvoice('ST-4');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Trimis de doi' });
    const before = await raspUploads();
    const one = () => receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).sendDue();
    const results = await Promise.all([one(), one()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await raspUploads()).toBe(before + 1);
  });

  it('after an upload whose answer was lost, the next try finds it in SPV and does not send it again', async () => {
    const row = await receivedInvoice('ST-5');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Raspuns pierdut' });
    const before = await raspUploads();
    const inProcess = injectFetch(ctx.app);
    // The upload reaches SPV, its answer does not reach us.
    const losing: FetchLike = async (url, init) => {
      const response = await inProcess(url, init);
      if (String(url).includes('/upload?')) throw new Error('socket hang up');
      return response;
    };
    const lost = await receivedMessageSender({ database: ctx.database, rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: losing }), einvoice: ctx.app.services.einvoice }).sendDue();
    expect(lost).toMatchObject({ claimed: 1, retried: 1 });
    const [pending] = await messagesOf(row.id);
    expect(pending).toMatchObject({ status: 'uploading', uploadIndex: null, attempts: 1 });
    expect(pending!.attemptedAt).not.toBeNull();
    expect(await raspUploads()).toBe(before + 1);
    // Not due before its retry time.
    expect((await receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).sendDue()).claimed).toBe(0);
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    const again = await receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).sendDue(later);
    expect(again).toMatchObject({ claimed: 1, found: 1, sent: 0 });
    expect(await raspUploads()).toBe(before + 1);
    expect((await messagesOf(row.id))[0]).toMatchObject({ status: 'uploadSuccessful', uploadIndex: expect.stringMatching(/^\d+$/) });
  });

  it('after an attempt that never reached SPV, the next try adopts no other message of the company (another text, another invoice) and sends it once', async () => {
    const row = await receivedInvoice('ST-7');
    const other = await receivedInvoice('ST-8');
    const buyerToken = await simAccessToken(ctx, BUYER);
    // Two buyer messages already in SPV in the window: the same invoice with another text, another invoice with the same text.
    const decoys = [
      (await rest.upload(buyerToken, BUYER, raspXml(row.uploadIndex, 'Alt text despre ST-7'), { standard: 'RASP' })).uploadIndex,
      (await rest.upload(buyerToken, BUYER, raspXml(other.uploadIndex, 'Mesajul adevarat'), { standard: 'RASP' })).uploadIndex,
    ];
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Mesajul adevarat' });
    const before = await raspUploads();
    const inProcess = injectFetch(ctx.app);
    // The upload never leaves: no answer, and nothing in SPV.
    const unreachable: FetchLike = async (url, init) => {
      if (String(url).includes('/upload?')) throw new Error('connect ETIMEDOUT');
      return inProcess(url, init);
    };
    expect(await receivedMessageSender({ database: ctx.database, rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: unreachable }), einvoice: ctx.app.services.einvoice }).sendDue()).toMatchObject({ retried: 1 });
    expect((await messagesOf(row.id))[0]!.attemptedAt).not.toBeNull();
    const again = await receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).sendDue(new Date(Date.now() + retryDelayMs(1) + 1000));
    expect(again).toMatchObject({ claimed: 1, found: 0, sent: 1 });
    expect(await raspUploads()).toBe(before + 1);
    const [sent] = await messagesOf(row.id);
    expect(sent).toMatchObject({ status: 'uploadSuccessful' });
    expect(decoys).not.toContain(sent!.uploadIndex);
    expect((await sellerInbox()).filter((m) => m.invoiceUploadIndex === row.uploadIndex && m.message === 'Mesajul adevarat')).toHaveLength(1);
  });

  it('a refused upload (HTTP 429) is tried again later and sent once', async () => {
    const row = await receivedInvoice('ST-6');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Prea multe cereri' });
    const before = await raspUploads();
    const inProcess = injectFetch(ctx.app);
    const limited: FetchLike = async (url, init) => (String(url).includes('/upload?') ? new Response('', { status: 429 }) : inProcess(url, init));
    const first = await receivedMessageSender({ database: ctx.database, rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: limited }), einvoice: ctx.app.services.einvoice }).sendDue();
    expect(first).toMatchObject({ retried: 1 });
    const [pending] = await messagesOf(row.id);
    expect(pending).toMatchObject({ status: 'uploading', attemptedAt: null, lastError: 'e-Factura answered HTTP 429' });
    const again = await receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).sendDue(new Date(Date.now() + retryDelayMs(1) + 1000));
    expect(again).toMatchObject({ sent: 1, found: 0 });
    expect(await raspUploads()).toBe(before + 1);
  });

  it('is taken when due at this very moment, and not while another sender’s lease lasts (a sender stopped mid-way: taken again once it ends)', async () => {
    const row = await receivedInvoice('ST-9');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Dupa un sender oprit' });
    const [msg] = await messagesOf(row.id);
    const m = eInvoiceReceivedMessages;
    const t = new Date(Date.now() + 60_000);
    const sender = receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice });
    await ctx.database.db.update(m).set({ nextAt: t, leaseUntil: t }).where(eq(m.id, msg!.id));
    await sender.sendDue(t);
    expect((await messagesOf(row.id))[0]).toMatchObject({ status: 'uploading', attempts: 0 });
    // Its lease ended a millisecond ago, and it is due exactly now.
    const later = new Date(t.getTime() + 1);
    await ctx.database.db.update(m).set({ nextAt: later }).where(eq(m.id, msg!.id));
    await sender.sendDue(later);
    expect((await messagesOf(row.id))[0]).toMatchObject({ status: 'uploadSuccessful', attempts: 1, leaseUntil: null });
  });

  it('a token refused before the upload keeps an earlier unknown attempt (the next try still looks in SPV first); the wait grows with the attempts', async () => {
    const row = await receivedInvoice('ST-10');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Token refuzat' });
    const [msg] = await messagesOf(row.id);
    const m = eInvoiceReceivedMessages;
    const attemptedAt = new Date(Date.now() - 60_000);
    await ctx.database.db.update(m).set({ attemptedAt, attempts: 1 }).where(eq(m.id, msg!.id));
    const now = new Date(Date.now() + 1000);
    const einvoice = { accessToken: () => Promise.reject(new EFacturaError('unauthorised', 'e-Factura answered HTTP 401')) };
    const warn = vi.fn();
    await receivedMessageSender({ database: ctx.database, rest, einvoice, log: { warn } }).sendDue(now);
    expect((await messagesOf(row.id))[0]).toMatchObject({ status: 'uploading', attemptedAt, attempts: 2, leaseUntil: null, lastError: 'e-Factura answered HTTP 401', nextAt: new Date(now.getTime() + retryDelayMs(2)) });
    expect(warn).toHaveBeenCalledWith({ messageId: msg!.id, err: 'e-Factura answered HTTP 401' }, 'e-invoice message to the supplier not sent yet (tried again later)');
  });

  it('holds a message two minutes while it uploads; keeps at most 500 characters of a failure', async () => {
    const row = await receivedInvoice('ST-12');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Lease si eroare lunga' });
    const now = new Date();
    let held: Date | null = null;
    const inProcess = injectFetch(ctx.app);
    const watching: FetchLike = async (url, init) => {
      if (!String(url).includes('/upload?')) return inProcess(url, init);
      held = (await messagesOf(row.id))[0]!.leaseUntil;
      throw new Error('x'.repeat(600));
    };
    await receivedMessageSender({ database: ctx.database, rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: watching }), einvoice: ctx.app.services.einvoice }).sendDue(now);
    expect(held).toEqual(new Date(now.getTime() + 120_000));
    expect((await messagesOf(row.id))[0]!.lastError).toBe(`e-Factura unreachable: ${'x'.repeat(600)}`.slice(0, 500));
  });

  it('looks back before the unknown attempt (SPV stamps a message with its minute only): one stamped before the attempt is found, not sent again', async () => {
    const row = await receivedInvoice('ST-11');
    await patch(alice, { receivedInvoiceId: row.id, oldStatus: 'initial', newStatus: 'rejected', comment: 'Stampila la minut' });
    const uploadsOfIt = async () => (await ctx.database.db.select().from(efacturaSimUploads).where(and(eq(efacturaSimUploads.standard, 'RASP'), like(efacturaSimUploads.xml, '%Stampila la minut%')))).length;
    const inProcess = injectFetch(ctx.app);
    const losing: FetchLike = async (url, init) => {
      const response = await inProcess(url, init);
      if (String(url).includes('/upload?')) throw new Error('socket hang up');
      return response;
    };
    await receivedMessageSender({ database: ctx.database, rest: eFacturaRest({ restBase: SIM_REST_BASE, fetch: losing }), einvoice: ctx.app.services.einvoice }).sendDue();
    expect(await uploadsOfIt()).toBe(1);
    // SPV's stamp is the upload's minute: up to a minute before the attempt we wrote (59 s here).
    const [pending] = await messagesOf(row.id);
    const m = eInvoiceReceivedMessages;
    await ctx.database.db.update(m).set({ attemptedAt: new Date(pending!.attemptedAt!.getTime() + 59_000) }).where(eq(m.id, pending!.id));
    await receivedMessageSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice }).sendDue(new Date(Date.now() + retryDelayMs(1) + 60_000));
    expect((await messagesOf(row.id))[0]).toMatchObject({ status: 'uploadSuccessful' });
    expect(await uploadsOfIt()).toBe(1);
  });

  it('wakes the sender when a comment is queued, until it stops listening', () => {
    const wake = vi.fn();
    const stop = onReceivedMessageQueued(wake);
    announceReceivedMessageQueued();
    expect(wake).toHaveBeenCalledTimes(1);
    stop();
    announceReceivedMessageQueued();
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('takes a refusal, a limit (ours or e-Factura’s), HTTP 429 and a refused token as an answer that nothing was uploaded; no answer or an unreadable one as unknown', () => {
    const kinds = ['refused', 'limit', 'throttled', 'unauthorised', 'unexpected', 'network'] as const;
    expect(kinds.map((k) => isDefiniteRefusal(new EFacturaError(k, 'x')))).toEqual([true, true, true, true, false, false]);
    expect(isDefiniteRefusal(Object.assign(new Error('x'), { kind: 'refused' }))).toBe(false);
  });

  it('waits a minute after the first failure, doubling up to six hours', () => {
    expect([1, 2, 3, 10, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 6 * 3_600_000, 6 * 3_600_000]);
    expect(retryDelayMs(9)).toBe(256 * 60_000);
  });

  it('the simulator refuses a RASP message about an invoice the sender did not receive', async () => {
    const token = await simAccessToken(ctx, BUYER);
    const { uploadIndex } = await rest.upload(token, BUYER, '<header xmlns="mfp:anaf:dgti:spv:reqMesaj:v1" index_incarcare="1" message="x"/>', { standard: 'RASP' });
    expect(await rest.state(token, uploadIndex)).toMatchObject({ state: 'nok' });
  });
});
