import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, eInvoiceSent } from '../src/db/schema.js';
import { bucharestDateKey } from '../src/lib/dates.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { deadlinesPageQuery, sentDeadlinesService } from '../src/modules/einvoice/einvoice-deadlines.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { connectCompany } from './support/efactura.js';

/*
 * Issue 26, "admins see documents near or past their deadline": every company's sent documents not
 * yet accepted whose deadline is at most 2 working days away or passed, soonest first, for admins
 * only. Today is Thursday 26.11.2026: Friday 27 is one working day away, then the weekend and two
 * public holidays (Sfantul Andrei on Monday 30.11, Ziua Nationala on Tuesday 01.12), so Wednesday
 * 02.12 is exactly two working days away and Thursday 03.12 three.
 */

const TODAY = new Date('2026-11-26T10:00:00Z');
const PLATFORM = '45500006';
const CLIENT_COMPANY = '15900825';
const URL = '/api/admin/einvoice/deadlines';

let ctx: TestContext;
let admin: TestUser;
let alice: TestUser;
let holder: TestUser;
let aliceCompany: number;

type Doc = { source?: 'platform' | 'client'; number: string; status: string; deadline: string; entity?: number | null; findings?: { id: string; text: string }[]; lastError?: string | null };
let sourceIds = 0;
async function sent(d: Doc) {
  const [row] = await ctx.database.db
    .insert(eInvoiceSent)
    .values({
      source: d.source ?? 'platform',
      sourceId: d.source === 'client' ? null : ++sourceIds,
      billingEntityId: d.entity ?? null,
      number: d.number,
      kind: 'invoice',
      buyerName: 'Cumparator Test SRL',
      buyerIdentification: '14399840',
      issueDate: '2026-11-19',
      deadline: d.deadline,
      taxExcludedBani: 10_000,
      taxBani: 2_100,
      totalBani: 12_100,
      status: d.status,
      findings: d.findings ?? [],
      lastError: d.lastError ?? null,
    })
    .returning({ id: eInvoiceSent.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => TODAY });
  await loadNomenclature(ctx.database);
  admin = await createUser(ctx, { userType: USER_TYPE.admin, name: 'Admin Test' });
  alice = await createUser(ctx, { name: 'Alice Mobila' });
  holder = await createUser(ctx, { name: 'Colete Online (cont intern)' });
  expect(ctx.config.seller.cui).toBe(PLATFORM);
  await connectCompany(ctx, holder, PLATFORM);
  aliceCompany = await connectCompany(ctx, alice, CLIENT_COMPANY);
}, 120_000);
afterAll(async () => ctx?.close());

describe('GET admin/einvoice/deadlines', () => {
  let late: number, lastDay: number, twoLeft: number;

  it('lists every company’s documents not accepted yet with at most 2 working days left or late, soonest first; 3 days left or accepted are not listed', async () => {
    late = await sent({ number: 'COL 000901', status: 'error', deadline: '2026-11-20', findings: [{ id: 'DOCUMENT', text: 'Adresa cumparatorului nu are judetul.' }] });
    twoLeft = await sent({ source: 'client', entity: aliceCompany, number: 'AMC 2', status: 'initial', deadline: '2026-12-02', lastError: 'Firma emitenta nu mai este conectata la e-Factura.' });
    await sent({ number: 'COL 000903', status: 'pending', deadline: '2026-12-03' });
    await sent({ number: 'COL 000904', status: 'success', deadline: '2026-11-10' });
    await sent({ number: 'COL 000905', status: 'notApplicable', deadline: '2026-11-10' });
    lastDay = await sent({ number: 'COL 000906', status: 'pending', deadline: '2026-11-26' });

    const res = await as(ctx, admin, { method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect([body.today, body.until, body.count]).toEqual(['2026-11-26', '2026-12-02', 3]);
    expect(body.list.map((d: { number: string; status: number; deadline: string; workingDaysLeft: number; late: boolean }) => [d.number, d.status, d.deadline, d.workingDaysLeft, d.late])).toEqual([
      ['COL 000901', 3, '2026-11-20', 0, true],
      ['COL 000906', 2, '2026-11-26', 0, false],
      ['AMC 2', 1, '2026-12-02', 2, false],
    ]);
    expect(body.list.map((d: { invoicingSystemId: number }) => d.invoicingSystemId)).toEqual([late, lastDay, twoLeft]);
    // The platform's document (not tried yet: no company on it) is the platform's company's, held by its account.
    expect(body.list[0].company).toEqual({ name: 'Colete Online SRL', identificationCode: PLATFORM, client: { id: holder.id, name: holder.name, email: holder.email, accountType: 'company' } });
    expect(body.list[0].findings).toEqual([{ id: 'DOCUMENT', text: 'Adresa cumparatorului nu are judetul.' }]);
    // A client's document: its company and the client an admin acts for to mend it.
    expect(body.list[2].company).toEqual({ name: 'Atelier Mobila Cluj SRL', identificationCode: CLIENT_COMPANY, client: { id: alice.id, name: alice.name, email: alice.email, accountType: 'company' } });
    expect(body.list[2].lastError).toBe('Firma emitenta nu mai este conectata la e-Factura.');
  });

  it('pages in SQL: a page of one, the count of all', async () => {
    const res = await as(ctx, admin, { method: 'GET', url: `${URL}?limit=1&page=2` });
    expect(res.statusCode).toBe(200);
    expect([res.json().count, res.json().list.map((d: { invoicingSystemId: number }) => d.invoicingSystemId)]).toEqual([3, [lastDay]]);
    expect((await as(ctx, admin, { method: 'GET', url: `${URL}?limit=1000` })).statusCode).toBe(400);
    expect((await as(ctx, admin, { method: 'GET', url: `${URL}?page=0` })).statusCode).toBe(400);
  });

  it('is the admins’ only: a client 403 (acting for anyone or not), no session 401', async () => {
    expect((await as(ctx, null, { method: 'GET', url: URL })).statusCode).toBe(401);
    const own = await as(ctx, alice, { method: 'GET', url: URL });
    expect([own.statusCode, own.body.includes('AMC 2')]).toEqual([403, false]);
    expect((await as(ctx, alice, { method: 'GET', url: `${URL}?selectedClient=${holder.id}` })).statusCode).toBe(403);
  });

  it('is served by einvoice_sent_deadline_idx: among thousands of accepted documents, and a page of thousands due read in order without a sort', async () => {
    const insert = (status: string, from: number, deadline: string) =>
      ctx.database.executeSql(
        `INSERT INTO einvoice_sent (source, source_id, number, kind, buyer_name, buyer_identification, issue_date, deadline, tax_excluded_bani, tax_bani, total_bani, status)
         SELECT 'platform', ${from} + g, 'COL ' || (${from} + g), 'invoice', 'Cumparator', '14399840', DATE '2026-01-05' + (g % 300), DATE ${`'${deadline}'`} - (g % 300), 100, 21, 121, '${status}'
         FROM generate_series(1, 3000) AS g`,
      );
    const plan = async () => {
      await ctx.database.executeSql('ANALYZE einvoice_sent');
      const query = deadlinesPageQuery(ctx.database.db, '2026-12-02', { page: 2, limit: 50 }).toSQL();
      return (await ctx.database.executeSql(`EXPLAIN ${query.sql}`, query.params)).rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    };
    await insert('success', 100_000, '2026-11-20');
    expect(await plan()).toContain('einvoice_sent_deadline_idx');
    expect((await as(ctx, admin, { method: 'GET', url: URL })).json().count).toBe(3);

    await insert('error', 200_000, '2026-11-25');
    const ordered = await plan();
    expect(ordered).toMatch(/Index Scan using einvoice_sent_deadline_idx on einvoice_sent/);
    expect(ordered).not.toMatch(/Sort/);
    const page = (await as(ctx, admin, { method: 'GET', url: `${URL}?page=2&limit=50` })).json();
    expect(page.count).toBe(3003);
    const deadlines = page.list.map((d: { deadline: string }) => d.deadline);
    expect(deadlines).toEqual([...deadlines].sort());
    await ctx.database.executeSql('DELETE FROM einvoice_sent WHERE source_id >= 100000');
  });

  it('keeps a client’s document whose company was deleted since on its page (the page stays full), named as gone', async () => {
    const bob = await createUser(ctx, { name: 'Bob Curier' });
    const bobCompany = await connectCompany(ctx, bob, '14399840');
    const gone = await sent({ source: 'client', entity: bobCompany, number: 'BOB 1', status: 'error', deadline: '2026-11-24' });
    await ctx.database.db.delete(billingEntities).where(eq(billingEntities.id, bobCompany));
    const body = (await as(ctx, admin, { method: 'GET', url: `${URL}?limit=2&page=1` })).json();
    expect(body.count).toBe(4);
    expect(body.list.map((d: { invoicingSystemId: number }) => d.invoicingSystemId)).toEqual([late, gone]);
    expect(body.list[1].company).toEqual({ name: 'Firma emitenta a fost stearsa', identificationCode: '', client: null });
    await ctx.database.db.delete(eInvoiceSent).where(eq(eInvoiceSent.id, gone));
  });

  it('without a test clock reads today from the real clock; a platform not connected is named from its configuration', async () => {
    const before = bucharestDateKey(new Date());
    const service = sentDeadlinesService({ database: ctx.database, platform: { cui: 'ro 30272090', name: 'Platforma Neconectata SRL' } });
    const body = await service.list({ page: 1, limit: 50 });
    expect([before, bucharestDateKey(new Date())]).toContain(body.today);
    // Its platform document not tried yet: the configured platform, no account holds it.
    expect(body.list.find((d) => d.invoicingSystemId === late)?.company).toEqual({ name: 'Platforma Neconectata SRL', identificationCode: '30272090', client: null });
  });
});
