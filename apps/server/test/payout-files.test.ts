import { REPAYMENT_SHEET_MESSAGES as m, USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRuns, repaymentSheets } from '../src/db/schema.js';
import { buildPain001 } from '../src/integrations/bank/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { validatePain001 } from './support/pain001.js';
import { IBAN_A, received, setAccount } from './support/repayment-money.js';

/*
 * Issue 24, payment files: the pain.001 in the SEPA character set (diacritics transliterated,
 * lengths within the schema's maxima); a refused 'pay now' records no empty run.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

/** Every text of the file's elements (not the tags): within the SEPA set Romanian banks take. */
const textsOf = (xml: string) => [...xml.matchAll(/>([^<>]+)</g)].map((x) => x[1]!).filter((t) => t.trim() !== '');
const SEPA = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const elements = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((x) => x[1]!);

describe('the payout file (pain.001) in the SEPA character set', () => {
  it('transliterates Romanian letters, replaces the others and keeps Nm within 70 and Ustrd within 140', async () => {
    const long = 'Ștefănescu-Țurcanu Ăâî Îngrijire și Întreținere Clădiri „Bună Ziua” SRL & Asociații din Târgu Mureș';
    const xml = buildPain001({
      messageId: 'CO-20261124-ab',
      createdAt: new Date('2026-11-24T08:00:00Z'),
      executionDate: '2026-11-24',
      debtorName: 'Colete Online SRL',
      debtorIban: 'RO49AAAA1B31007593840000',
      transfers: [
        { endToEndId: 'CO-R1-U1-1', amountBani: 1_000, creditorName: 'Ștefan Țărănescu', creditorIban: IBAN_A, remittance: 'Rambursuri Colete Online, borderou 1' },
        { endToEndId: 'CO-R1-U2-1', amountBani: 2_000, creditorName: long, creditorIban: IBAN_A, remittance: `${long} ${long} € 100%` },
      ],
    });
    expect(await validatePain001(xml)).toEqual({ valid: true, errors: [] });
    for (const t of textsOf(xml)) expect(t, t).toMatch(SEPA);
    const names = elements(xml, 'Nm');
    expect(names).toContain('Stefan Taranescu');
    expect(names.every((n) => n.length <= 70)).toBe(true);
    expect(names).toContain('Stefanescu-Turcanu Aai Ingrijire si Intretinere Cladiri Buna Ziua SRL');
    const ustrd = elements(xml, 'Ustrd');
    expect(ustrd[1]!.length).toBeLessThanOrEqual(140);
    expect(ustrd[1]!.startsWith('Stefanescu-Turcanu Aai Ingrijire si Intretinere Cladiri Buna Ziua SRL + Asociatii din Targu Mures')).toBe(true);
  });

  it('a client paid now whose account holder has diacritics gets a file the bank takes', async () => {
    const c = await createUser(ctx);
    await setAccount(ctx, c, IBAN_A, 'Ștefan Țărănescu');
    await received(ctx, c, [12_345]);
    const res = await as(ctx, admin, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${c.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const [sheet] = await ctx.database.db.select().from(repaymentSheets).where(eq(repaymentSheets.userId, c.id));
    const [run] = await ctx.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, sheet!.runId));
    expect(elements(run!.painXml!, 'Nm')).toContain('Stefan Taranescu');
    for (const t of textsOf(run!.painXml!)) expect(t, t).toMatch(SEPA);
    expect(await validatePain001(run!.painXml!)).toEqual({ valid: true, errors: [] });
    // The sheet keeps the holder as written (the screens show it so).
    expect(sheet!.bankAccountOwner).toBe('Ștefan Țărănescu');
  });
});

describe('a refused "pay now"', () => {
  it('records no payout run (nothing to pay, or no valid account)', async () => {
    const runsOf = (u: TestUser) => ctx.database.db.select().from(payoutRuns).where(eq(payoutRuns.clientId, u.id));
    const nothing = await createUser(ctx);
    await setAccount(ctx, nothing, IBAN_A, 'Ion Popescu');
    const a = await as(ctx, admin, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${nothing.id}` });
    expect([a.statusCode, a.json().message]).toEqual([400, m.nothingToPay]);
    expect(await runsOf(nothing)).toEqual([]);

    const noAccount = await createUser(ctx);
    await setAccount(ctx, noAccount, null, null);
    await received(ctx, noAccount, [500]);
    const b = await as(ctx, admin, { method: 'PUT', url: `/api/admin/repayment/process-user-payment/${noAccount.id}`, headers: { 'idempotency-key': `k-${noAccount.id}-once` } });
    expect([b.statusCode, b.json().message]).toEqual([400, m.noAccount]);
    expect(await runsOf(noAccount)).toEqual([]);
    const list = await as(ctx, admin, { method: 'GET', url: '/api/admin/repayments/payout-runs?limit=100' });
    expect(list.json().list.every((r: { hasFile: boolean }) => r.hasFile)).toBe(true);
  });
});
