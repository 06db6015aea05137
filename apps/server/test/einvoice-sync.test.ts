import { MAIL_SETTING_KEYS, normalizeText } from '@colete/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceConnections, eInvoiceReceived, eInvoiceReceivedDays, efacturaSimTokens, mailOutbox } from '../src/db/schema.js';
import { eFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { SIM_REST_BASE } from '../src/integrations/e-invoicing/simulator-rest.js';
import { EINVOICE_SYNC_QUEUE } from '../src/jobs/einvoice-sync.js';
import { startJobs } from '../src/jobs/boss.js';
import { notifyReceived, receivedMail } from '../src/modules/einvoice/einvoice-received-mail.js';
import { einvoiceSync } from '../src/modules/einvoice/einvoice-sync.js';
import { RECEIVED_WARNINGS } from '../src/modules/einvoice/ubl-warnings.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { bucharestDateKey } from '../src/lib/dates.js';
import { readZip } from '../src/lib/zip.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { connectCompany, sampleInvoice, simAccessToken } from './support/efactura.js';

/*
 * Issue 25: the sync of a connected company's received invoices against the simulator, through the
 * real adapter: each message downloaded once and kept with its ZIP, its document and its warnings; a
 * second sync downloads nothing again; an answer that is not an invoice is never stored; tokens are
 * refreshed once even when asked twice at once, and a refused refresh keeps the old ones.
 */

const SELLER = '4221306';
const BUYER = '14399840';

let ctx: TestContext;
let alice: TestUser;
let entityId: number;
let rest: ReturnType<typeof eFacturaRest>;
let sync: ReturnType<typeof einvoiceSync>;

const invoice = (number: string, payable?: string) => sampleInvoice(number, SELLER, BUYER, payable);
const sellerToken = () => simAccessToken(ctx, SELLER);

const received = () => ctx.database.db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, entityId)).orderBy(eInvoiceReceived.id);
const connection = async () => (await ctx.database.db.select().from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, entityId)))[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  alice = await createUser(ctx);
  entityId = await connectCompany(ctx, alice, BUYER);
  rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
  sync = einvoiceSync({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice });
}, 120_000);
afterAll(async () => ctx?.close());

describe('the sync of a connected company', () => {
  it('keeps each received invoice once, with its signed ZIP, its document and its warnings; a second sync downloads nothing', async () => {
    const seller = await sellerToken();
    for (const [number, payable] of [['RCV-1', undefined], ['RCV-2', '1.00'], ['RCV-1', undefined]] as const) await rest.upload(seller, SELLER, invoice(number, payable), { standard: 'UBL' });
    const first = await sync.syncCompany(entityId);
    expect(first).toEqual({ downloaded: 3, known: 0, failed: 0 });
    const rows = await received();
    expect(rows.map((r) => [r.number, r.sellerIdentification, r.kind, r.currency, r.status])).toEqual([
      ['RCV-1', SELLER, 'invoice', 'RON', 'initial'],
      ['RCV-2', SELLER, 'invoice', 'RON', 'initial'],
      ['RCV-1', SELLER, 'invoice', 'RON', 'initial'],
    ]);
    expect(rows[0]!.totalBani).toBe(65989);
    expect(rows[0]!.taxBani).toBe(27309);
    expect(rows[1]!.totalBani).toBe(100);
    expect(rows[1]!.warnings).toContain(RECEIVED_WARNINGS.payable('1659.59', '1.00'));
    expect(rows[1]!.warningStatus).toBe(1);
    // The same number twice from one seller: the second says so, the first does not.
    expect(rows[2]!.warnings).toContain(RECEIVED_WARNINGS.duplicate('RCV-1'));
    expect(rows[0]!.warnings).not.toContain(RECEIVED_WARNINGS.duplicate('RCV-1'));
    expect(rows[0]!.hasPdf).toBe(1);
    // The ZIP is kept as it came: the invoice's XML and the signature.
    const files = await readZip(rows[0]!.zip);
    expect(files.get(`${rows[0]!.messageId}.xml`)!.toString()).toBe(invoice('RCV-1'));
    expect([...files.keys()]).toContain(`semnatura_${rows[0]!.messageId}.xml`);
    const synced = (await connection()).lastSyncAt;
    expect(synced).not.toBeNull();

    const second = await sync.syncCompany(entityId);
    expect(second).toEqual({ downloaded: 0, known: 3, failed: 0 });
    expect(await received()).toHaveLength(3);
    // Each message was downloaded once from the simulator.
    const counts = (await ctx.database.db.execute(sql`select message_id, count from efactura_sim_downloads where message_id in (${sql.join(rows.map((r) => sql`${Number(r.messageId)}`), sql`, `)})`)) as unknown as { rows: { count: number }[] };
    expect(counts.rows.map((r) => Number(r.count))).toEqual([1, 1, 1]);
  });

  it('never stores an answer that is not an invoice, and asks for its window again', async () => {
    const before = (await connection()).lastSyncAt;
    // Made a second ago by the clock the sync reads (not the database's), so it is inside the sync's window.
    await ctx.database.db.execute(
      sql`insert into efactura_sim_messages (id, cif, type, upload_index, details, xml, created_at) values (nextval('efactura_sim_message_id_seq'), ${BUYER}, 'FACTURA PRIMITA', 1, 'Factura stricata', '<html>not an invoice</html>', ${new Date(Date.now() - 1000).toISOString()}::timestamptz)`,
    );
    try {
      const result = await sync.syncCompany(entityId);
      expect(result).toEqual({ downloaded: 0, known: 3, failed: 1 });
      expect(await received()).toHaveLength(3);
      const after = await connection();
      expect(after.lastSyncAt).toEqual(before);
      expect(after.lastSyncError).toBe('1 mesaje nu au putut fi descarcate');
    } finally {
      await ctx.database.db.execute(sql`delete from efactura_sim_messages where xml = '<html>not an invoice</html>'`);
    }
  });
});

describe('the job', () => {
  it('runs through its queue every 15 minutes and keeps what the seller sent since the last sync', async () => {
    const jobs = await startJobs(ctx.app);
    try {
      expect((await jobs.boss.getSchedules()).find((x) => x.name === EINVOICE_SYNC_QUEUE)?.cron).toBe('*/15 * * * *');
      const seller = await sellerToken();
      await rest.upload(seller, SELLER, invoice('RCV-JOB-1'), { standard: 'UBL' });
      const job = await runJob(jobs.boss, EINVOICE_SYNC_QUEUE, 60_000);
      expect(job.state).toBe('completed');
      expect(job.output, JSON.stringify(job.output)).toMatchObject({ downloaded: 1, failed: 0, errors: 0 });
      expect((await received()).map((r) => r.number)).toContain('RCV-JOB-1');
    } finally {
      await jobs.stop();
    }
  }, 90_000);
});

describe('tokens', () => {
  it('are refreshed once when two syncs need it at the same moment; both new tokens are stored', async () => {
    const soon = new Date(Date.now() + 86_400_000);
    await ctx.database.db.update(eInvoiceConnections).set({ accessExpiresAt: soon }).where(eq(eInvoiceConnections.billingEntityId, entityId));
    const old = await connection();
    const [a, b] = await Promise.all([ctx.app.services.einvoice.accessToken(entityId), ctx.app.services.einvoice.accessToken(entityId)]);
    expect(a).toBe(b);
    const now = await connection();
    expect(now.accessTokenEnc).not.toBe(old.accessTokenEnc);
    expect(now.refreshTokenEnc).not.toBe(old.refreshTokenEnc);
    expect(now.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect((await sync.syncCompany(entityId))?.failed).toBe(0);
  });

  it('a refused refresh keeps the old tokens and fails the sync with its reason', async () => {
    await ctx.database.db.update(eInvoiceConnections).set({ accessExpiresAt: new Date(Date.now() + 3_600_000) }).where(eq(eInvoiceConnections.billingEntityId, entityId));
    // The tax authority revoked the refresh token.
    await ctx.database.db.update(efacturaSimTokens).set({ revokedAt: new Date() }).where(and(eq(efacturaSimTokens.kind, 'refresh'), eq(efacturaSimTokens.representedCui, BUYER)));
    const old = await connection();
    await expect(sync.syncCompany(entityId)).rejects.toThrow();
    const after = await connection();
    expect([after.accessTokenEnc, after.refreshTokenEnc, after.lastSyncAt]).toEqual([old.accessTokenEnc, old.refreshTokenEnc, old.lastSyncAt]);
    expect(after.lastSyncError).toMatch(/reimprospatare|invalid_grant/);
  });

  it('another company or a company that is not connected is not synced', async () => {
    expect(await sync.syncCompany(999_999)).toBeNull();
  });
});

describe('the received list, its warnings and downloads', () => {
  // Bucharest days, as the list filters them: between 22:00 and 24:00 UTC the UTC day is the day before
  // (the CI run at 01:50 in Bucharest found nothing 'until yesterday').
  const today = bucharestDateKey(new Date());
  const monthAgo = bucharestDateKey(new Date(Date.now() - 31 * 86_400_000));
  const body = (over: Record<string, unknown> = {}, filters: Record<string, unknown> = {}) => ({
    identificationCode: BUYER,
    usedDate: 'eInvoiceDate',
    ...over,
    filtersObj: { status: [], date: { fromDate: monthAgo, toDate: today }, seller: { name: '', identification: '' }, pagination: 1, ...filters },
  });
  const list = (user: TestUser, payload: object) => as(ctx, user, { method: 'POST', url: '/api/user/invoicing-system/received-invoices', payload });

  it('lists the kept invoices with seller, dates, amounts in bani, status and warnings; the customer account sees its own statuses', async () => {
    const res = await list(alice, body());
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.accountType).toBe('customer');
    expect(answer.lastSync).not.toBeNull();
    expect(answer.pagination).toEqual({ page: 1, totalPages: 1, totalCount: answer.list.length });
    const numbers = answer.list.map((x: { generalData: { invoiceIdentification: string } }) => x.generalData.invoiceIdentification);
    expect(numbers.sort()).toEqual(['RCV-1', 'RCV-1', 'RCV-2', 'RCV-JOB-1'].sort());
    const two = answer.list.find((x: { generalData: { invoiceIdentification: string } }) => x.generalData.invoiceIdentification === 'RCV-2');
    expect(two).toMatchObject({ seller: { identification: SELLER }, generalData: { invoiceDate: '2021-11-12' }, amounts: { tax: 27309, total: 100, currency: 'RON' }, status: 'initial', warnings: { status: 1 }, kind: 'invoice', hasPdf: true });
    // By the invoice's own date (12.11.2021 in the sample) the last month has none of them.
    expect((await list(alice, body({ usedDate: 'invoiceDate' }))).json().list).toHaveLength(0);
    expect((await list(alice, body({ usedDate: 'invoiceDate' }, { date: { fromDate: '2021-11-12', toDate: '2021-11-12' } }))).json().list).toHaveLength(4);
  });

  it('filters by seller name (any case), seller identification and status', async () => {
    const sellerName = (await received())[0]!.sellerName;
    expect((await list(alice, body({}, { seller: { name: sellerName.toUpperCase().slice(0, 5), identification: '' } }))).json().list).toHaveLength(4);
    expect((await list(alice, body({}, { seller: { name: 'nimeni%', identification: '' } }))).json().list).toHaveLength(0);
    // Diacritics and case do not matter: typed with them, found without (the seller's name is kept normalised too).
    const accented = sellerName.slice(0, 10).replace(/[aA]/g, 'ă').replace(/[sS]/g, 'Ș').replace(/[tT]/g, 'ț').replace(/[iI]/g, 'î').replace(/[eE]/g, 'é');
    expect(accented).not.toBe(sellerName.slice(0, 10));
    expect((await list(alice, body({}, { seller: { name: accented, identification: '' } }))).json().list).toHaveLength(4);
    expect((await received())[0]!.sellerSearch).toBe(normalizeText(sellerName));
    expect((await list(alice, body({}, { seller: { name: '', identification: `RO${SELLER.slice(0, 4)}` } }))).json().list).toHaveLength(4);
    expect((await list(alice, body({}, { seller: { name: '', identification: '999' } }))).json().list).toHaveLength(0);
    expect((await list(alice, body({}, { status: ['rejected'] }))).json().list).toHaveLength(0);
    // A status the customer account never sees is not listed.
    expect((await list(alice, body({}, { status: ['accepted_by_script'] }))).json().list).toHaveLength(0);
  });

  it('counts a range from the daily counts per seller, which follow every insert, change and delete', async () => {
    const d = eInvoiceReceivedDays;
    const truth = async () => Number((await ctx.database.executeSql(`SELECT count(*)::int AS n FROM einvoice_received WHERE billing_entity_id = ${entityId}`)).rows[0]!.n);
    const summed = async (kind: 'invoiceDate' | 'eInvoiceDate') => Number((await ctx.database.db.select({ n: sql<number>`coalesce(sum(${d.n}), 0)::int` }).from(d).where(and(eq(d.billingEntityId, entityId), eq(d.dateKind, kind))))[0]!.n);
    expect(await summed('invoiceDate')).toBe(await truth());
    expect(await summed('eInvoiceDate')).toBe(await truth());
    const total = (payload: object) => list(alice, payload).then((res) => res.json().pagination.totalCount as number);
    const all = await total(body());
    expect(all).toBe(await truth());
    expect(await total(body({ usedDate: 'invoiceDate' }, { date: { fromDate: '2021-11-12', toDate: '2021-11-12' } }))).toBe(all);
    expect(await total(body({ usedDate: 'invoiceDate' }, { date: { fromDate: '2021-11-13', toDate: '2021-12-12' } }))).toBe(0);
    // A status change moves the count between statuses; a delete takes it away.
    const [row] = await received();
    await ctx.database.db.update(eInvoiceReceived).set({ status: 'rejected' }).where(eq(eInvoiceReceived.id, row!.id));
    expect(await total(body({}, { status: ['rejected'] }))).toBe(1);
    expect(await total(body({}, { status: ['initial'] }))).toBe(all - 1);
    await ctx.database.db.update(eInvoiceReceived).set({ status: row!.status }).where(eq(eInvoiceReceived.id, row!.id));
    expect(await total(body({}, { status: ['rejected'] }))).toBe(0);
    await ctx.database.db.delete(eInvoiceReceived).where(eq(eInvoiceReceived.id, row!.id));
    expect(await total(body())).toBe(all - 1);
    await ctx.database.db.insert(eInvoiceReceived).values(row!);
    expect(await total(body())).toBe(all);
    expect(await summed('eInvoiceDate')).toBe(await truth());
    // Per seller too: its name (any case) or the start of its CUI; another seller's count is apart.
    expect(await total(body({}, { seller: { name: row!.sellerName.slice(0, 4).toUpperCase(), identification: '' } }))).toBe(all);
    expect(await total(body({}, { seller: { name: '', identification: SELLER.slice(0, 3) } }))).toBe(all);
    expect(await total(body({}, { seller: { name: 'nimeni', identification: '' } }))).toBe(0);
    await ctx.database.db.update(eInvoiceReceived).set({ sellerIdentification: '99999999', sellerSearch: 'altcineva srl' }).where(eq(eInvoiceReceived.id, row!.id));
    expect(await total(body({}, { seller: { name: '', identification: SELLER.slice(0, 3) } }))).toBe(all - 1);
    expect(await total(body({}, { seller: { name: 'altcineva', identification: '999' } }))).toBe(1);
    await ctx.database.db.update(eInvoiceReceived).set({ sellerIdentification: row!.sellerIdentification, sellerSearch: row!.sellerSearch }).where(eq(eInvoiceReceived.id, row!.id));
    expect(await total(body({}, { seller: { name: 'altcineva', identification: '' } }))).toBe(0);
  });

  it('refuses bad filters with 400 and another client’s company with 404', async () => {
    expect((await list(alice, body({}, { date: { fromDate: today, toDate: monthAgo } }))).statusCode).toBe(400);
    expect((await list(alice, body({}, { status: ['nu-exista'] }))).statusCode).toBe(400);
    expect((await list(alice, body({ usedDate: 'alta' }))).statusCode).toBe(400);
    const bob = await createUser(ctx);
    expect((await list(bob, body())).statusCode).toBe(404);
  });

  it('a warning is acknowledged once: 1 to 2, then 409; another client’s invoice answers 404', async () => {
    const row = (await received()).find((x) => x.number === 'RCV-2')!;
    const ack = (user: TestUser) => as(ctx, user, { method: 'PATCH', url: '/api/user/invoicing-system/change/warning/status', payload: { receivedInvoiceId: row.id, oldStatus: 1, changeToNewStatus: 2 } });
    const bob = await createUser(ctx);
    expect((await ack(bob)).statusCode).toBe(404);
    const first = await ack(alice);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Succes!');
    expect((await ack(alice)).statusCode).toBe(409);
    expect((await received()).find((x) => x.id === row.id)!.warningStatus).toBe(2);
    expect((await as(ctx, alice, { method: 'PATCH', url: '/api/user/invoicing-system/change/warning/status', payload: { receivedInvoiceId: row.id, oldStatus: 2, changeToNewStatus: 1 } })).statusCode).toBe(400);
  });

  it('downloads the signed ZIP as received, its XML and the supplier’s PDF; another client gets 404', async () => {
    const row = (await received()).find((x) => x.number === 'RCV-2')!;
    const get = (user: TestUser, kind: string) => as(ctx, user, { method: 'GET', url: `/api/user/invoicing-system/received-invoice/download/${row.id}/${kind}` });
    const zip = await get(alice, 'zip');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="factura-RCV-2-${row.messageId}.zip"`);
    expect(Buffer.compare(zip.rawPayload, row.zip)).toBe(0);
    const xml = await get(alice, 'xml');
    expect(xml.body).toBe(invoice('RCV-2', '1.00'));
    const pdf = await get(alice, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The sample's embedded "PDF" is the bytes its base64 holds.
    expect(pdf.rawPayload.length).toBeGreaterThan(10);
    const bob = await createUser(ctx);
    expect((await get(bob, 'zip')).statusCode).toBe(404);
    expect((await get(alice, 'exe')).statusCode).toBe(400);
  });
});

describe('the mail of new received invoices (issue 25)', () => {
  const OTHER_BUYER = '15900825';
  const mailsOf = (userId: number) => ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'sendEInvoiceReceived'))).orderBy(mailOutbox.id);

  it('is off by default (the invoices count as told); when on, one mail per sync lists what came, never twice', { timeout: 60_000 }, async () => {
    const bob = await createUser(ctx);
    const bobEntity = await connectCompany(ctx, bob, OTHER_BUYER);
    const seller = await sellerToken();
    const toBob = (number: string) => sampleInvoice(number, SELLER, OTHER_BUYER);
    await rest.upload(seller, SELLER, toBob('MAIL-1'), { standard: 'UBL' });
    expect((await sync.syncCompany(bobEntity))!.downloaded).toBe(1);
    expect(await mailsOf(bob.id)).toHaveLength(0);
    const told = await ctx.database.db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, bobEntity));
    expect(told.every((r) => r.notifiedAt instanceof Date)).toBe(true);

    // Turned on: the next sync's two invoices in one mail; the one told before is not in it.
    const settings = Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, { enabled: k === 'sendEInvoiceReceived', emails: ['contabil@atelier.ro'] }]));
    expect((await as(ctx, bob, { method: 'POST', url: '/api/user/settings/mail', payload: { settings } })).statusCode).toBe(200);
    for (const n of ['MAIL-2', 'MAIL-3']) await rest.upload(seller, SELLER, toBob(n), { standard: 'UBL' });
    expect((await sync.syncCompany(bobEntity))!.downloaded).toBe(2);
    const [mail, ...more] = await mailsOf(bob.id);
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual(['contabil@atelier.ro']);
    expect(mail!.subject).toBe('2 facturi noi primite prin e-Factura: Atelier Mobila Cluj SRL');
    expect(mail!.text).toContain('a primit prin e-Factura 2 documente noi:');
    expect(mail!.text).toContain('factura nr. MAIL-2 din 12.11.2021, 659,89 lei');
    expect(mail!.text).toContain('factura nr. MAIL-3 din 12.11.2021');
    expect(mail!.text).not.toContain('MAIL-1');
    // Nothing new: no mail.
    await sync.syncCompany(bobEntity);
    expect(await mailsOf(bob.id)).toHaveLength(1);

    // Two tellings at once (two instances): the invoices are mailed once.
    await ctx.database.db.update(eInvoiceReceived).set({ notifiedAt: null }).where(eq(eInvoiceReceived.billingEntityId, bobEntity));
    const covered = await Promise.all([notifyReceived(ctx.database, bobEntity), notifyReceived(ctx.database, bobEntity)]);
    expect(covered.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await mailsOf(bob.id)).toHaveLength(2);
    expect((await mailsOf(bob.id))[1]!.subject).toBe('3 facturi noi primite prin e-Factura: Atelier Mobila Cluj SRL');
  });

  it('names twenty documents and counts the rest; a credit note and another currency say so', () => {
    const doc = (k: number) => ({ kind: k === 0 ? ('creditNote' as const) : ('invoice' as const), number: `N-${k}`, issueDate: '2026-11-02', sellerName: 'Furnizor SRL', totalBani: 12_345, currency: k === 1 ? 'EUR' : 'RON' });
    const one = receivedMail('Demo SRL', [doc(1)]);
    expect(one.subject).toBe('O factura noua primita prin e-Factura: Demo SRL');
    expect(one.text).toContain('un document nou:\n- Furnizor SRL: factura nr. N-1 din 02.11.2026, 123,45 EUR\n');
    const many = receivedMail('Demo SRL', Array.from({ length: 23 }, (_, k) => doc(k)));
    expect(many.text).toContain('- Furnizor SRL: nota de creditare nr. N-0 din 02.11.2026, 123,45 lei');
    expect(many.text).toContain('N-19 ');
    expect(many.text).not.toContain('N-20 ');
    expect(many.text).toContain('- si inca 3 documente.');
  });
});

describe('e-Factura throttling the sync', () => {
  it('throttled by e-Factura (HTTP 429) the company’s sync stops at once and is resumed by the next one, nothing asked twice', async () => {
    const carol = await createUser(ctx);
    const buyer = '30272090';
    const carolEntity = await connectCompany(ctx, carol, buyer);
    const seller = await sellerToken();
    for (const n of ['THR-1', 'THR-2', 'THR-3']) await rest.upload(seller, SELLER, sampleInvoice(n, SELLER, buyer), { standard: 'UBL' });
    const connection = async () => (await ctx.database.db.select().from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, carolEntity)))[0]!;
    const before = (await connection()).lastSyncAt;
    let downloads = 0;
    const inner = injectFetch(ctx.app);
    const throttled = eFacturaRest({
      restBase: SIM_REST_BASE,
      fetch: async (url, init) => {
        if (String(url).includes('/descarcare?')) {
          downloads += 1;
          if (downloads === 2) return new Response('Too Many Requests', { status: 429 });
        }
        return inner(url, init);
      },
    });
    const first = einvoiceSync({ database: ctx.database, rest: throttled, einvoice: ctx.app.services.einvoice });
    await expect(first.syncCompany(carolEntity)).rejects.toMatchObject({ kind: 'throttled' });
    // Stopped at the 429: the third message was not asked for.
    expect(downloads).toBe(2);
    expect((await connection()).lastSyncAt).toEqual(before);
    expect((await connection()).lastSyncError).toContain('429');
    const kept = async () => (await ctx.database.db.select().from(eInvoiceReceived).where(eq(eInvoiceReceived.billingEntityId, carolEntity))).length;
    expect(await kept()).toBe(1);
    expect(await sync.syncCompany(carolEntity)).toMatchObject({ downloaded: 2, failed: 0 });
    expect(await kept()).toBe(3);
  });
});
