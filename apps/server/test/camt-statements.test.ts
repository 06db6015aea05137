import { randomUUID } from 'node:crypto';
import { BANK_STATEMENT_MESSAGES as b, USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines } from '../src/db/schema.js';
import { parseCamt053 } from '../src/integrations/bank/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { sentByCourier, statusOf } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * Issue 24, "bank files as banks write them": statements in camt.053.001.02 and 001.08, only booked
 * entries, another currency set aside, every transaction of a batch entry, the reference inside the
 * payment text or in EndToEndId, the declared encoding, amounts exactly as written.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

type Tx = { amount?: string; ccy?: string; ustrd?: string[]; e2e?: string; debtor?: string };
type Entry = { ref: string; amount: string; ccy?: string; sts?: string; txs?: Tx[]; acct?: string };

/** A statement as a bank writes it: version '02' (Sts as text) or '08' (Sts/Cd, TxDtls/Amt). */
function statement(version: '02' | '08', iban: string, entries: Entry[], opts: { id?: string; encoding?: string; acctCcy?: string } = {}) {
  const sts = (s: string) => (version === '08' ? `<Sts><Cd>${s}</Cd></Sts>` : `<Sts>${s}</Sts>`);
  const txXml = (t: Tx) =>
    `<TxDtls>${t.e2e ? `<Refs><EndToEndId>${t.e2e}</EndToEndId></Refs>` : ''}` +
    (t.amount ? (version === '08' ? `<Amt Ccy="${t.ccy ?? 'RON'}">${t.amount}</Amt>` : `<AmtDtls><TxAmt><Amt Ccy="${t.ccy ?? 'RON'}">${t.amount}</Amt></TxAmt></AmtDtls>`) : '') +
    (t.debtor ? `<RltdPties><Dbtr><Nm>${t.debtor}</Nm></Dbtr></RltdPties>` : '') +
    (t.ustrd ? `<RmtInf>${t.ustrd.map((u) => `<Ustrd>${u}</Ustrd>`).join('')}</RmtInf>` : '') +
    `</TxDtls>`;
  const ntry = (e: Entry) =>
    `<Ntry><NtryRef>${e.ref}</NtryRef><Amt Ccy="${e.ccy ?? 'RON'}">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>${sts(e.sts ?? 'BOOK')}` +
    `<BookgDt><Dt>2026-11-18</Dt></BookgDt><ValDt><Dt>2026-11-18</Dt></ValDt>${e.acct ? `<AcctSvcrRef>${e.acct}</AcctSvcrRef>` : ''}` +
    `<BkTxCd><Prtry><Cd>TRF</Cd></Prtry></BkTxCd><NtryDtls>${(e.txs ?? []).map(txXml).join('')}</NtryDtls></Ntry>`;
  return (
    `<?xml version="1.0" encoding="${opts.encoding ?? 'UTF-8'}"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-19T05:00:00</CreDtTm></GrpHdr><Stmt><Id>${opts.id ?? `S-${randomUUID().slice(0, 8)}`}</Id><CreDtTm>2026-11-19T05:00:00</CreDtTm>` +
    `<FrToDt><FrDtTm>2026-11-18T00:00:00</FrDtTm><ToDtTm>2026-11-18T23:59:59</ToDtTm></FrToDt>` +
    `<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${opts.acctCcy ?? 'RON'}</Ccy></Acct>${entries.map(ntry).join('')}</Stmt></BkToCstmrStmt></Document>`
  );
}
const upload = (body: string | Buffer) => as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/statements', ...multipartFile('extras.xml', body) });
const ref = (courier = 'RAPIDCARPATI') => `${courier}-${randomUUID().slice(0, 8).toUpperCase()}`;

describe('reading statements as banks write them', () => {
  it('001.08 and 001.02: only booked entries count (Sts/Cd BOOK; PDNG and INFO are not money yet)', () => {
    for (const version of ['02', '08'] as const) {
      const [s] = parseCamt053(
        statement(version, 'RO49AAAA1B31007593840000', [
          { ref: 'E1', amount: '10.00', txs: [{ ustrd: ['A-1'] }] },
          { ref: 'E2', amount: '20.00', sts: 'PDNG', txs: [{ ustrd: ['A-2'] }] },
          { ref: 'E3', amount: '30.00', sts: 'INFO', txs: [{ ustrd: ['A-3'] }] },
        ]),
      );
      expect(s!.entries.map((e) => [e.entryRef, e.amountBani, e.reference])).toEqual([['E1', 1_000, 'A-1']]);
    }
  });

  it('every transaction of a batch entry is its own line; transactions that do not add up are refused', () => {
    const batch = (second: string) =>
      statement('08', 'RO49AAAA1B31007593840000', [
        { ref: 'B1', acct: 'BT-77', amount: '350.50', txs: [{ amount: '100.00', ustrd: ['X-1'] }, { amount: '200.50', ustrd: ['X-2'] }, { amount: second, ustrd: ['X-3'] }] },
      ]);
    expect(parseCamt053(batch('50.00'))[0]!.entries.map((e) => [e.entryRef, e.bookingKey, e.amountBani, e.reference])).toEqual([
      ['B1#1', 'acct:BT-77#1', 10_000, 'X-1'],
      ['B1#2', 'acct:BT-77#2', 20_050, 'X-2'],
      ['B1#3', 'acct:BT-77#3', 5_000, 'X-3'],
    ]);
    expect(() => parseCamt053(batch('49.99'))).toThrow();
  });

  it('amounts with stray spaces are refused (400), not read', async () => {
    for (const amount of [' 10.00', '10.00 ', '1 000.00']) {
      const res = await upload(statement('02', ctx.config.platformIban, [{ ref: 'E1', amount, txs: [{ ustrd: [ref()] }] }]));
      expect([res.statusCode, res.json().message]).toEqual([400, b.notCamt]);
    }
  });

  it('an entry in another currency than the account’s is set aside and said so; a statement in euro is not the platform’s', async () => {
    const c = await createUser(ctx);
    const r = ref();
    await sentByCourier(ctx, c, [10_000], r);
    const res = await upload(statement('08', ctx.config.platformIban, [{ ref: 'E1', amount: '100.00', ccy: 'EUR', txs: [{ ustrd: [r] }] }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: `${b.imported} ${b.setAside(1)}`, result: { entries: 0, matched: 0, setAside: 1 } });
    expect(await ctx.database.db.select().from(bankStatementLines).where(eq(bankStatementLines.reference, r))).toEqual([]);
    const euro = await upload(statement('08', ctx.config.platformIban, [], { acctCcy: 'EUR' }));
    expect([euro.statusCode, euro.json().message]).toEqual([400, b.otherAccount]);
  });

  it('finds the reference inside the payment text or in EndToEndId, and matches it', async () => {
    const c = await createUser(ctx);
    const inText = ref();
    const numeric = String(Date.now()).slice(-9);
    const inE2e = ref('DUNAREA');
    const a = await sentByCourier(ctx, c, [4_000], inText);
    const n = await sentByCourier(ctx, c, [5_000], numeric, 'colet24');
    const e = await sentByCourier(ctx, c, [6_000], inE2e, 'dunarea');
    const res = await upload(
      statement('02', ctx.config.platformIban, [
        { ref: `E-${randomUUID().slice(0, 6)}`, amount: '40.00', txs: [{ e2e: 'NOTPROVIDED', ustrd: [`PLATA RAMBURS ${inText} OP 4471`] }] },
        { ref: `E-${randomUUID().slice(0, 6)}`, amount: '50.00', txs: [{ ustrd: ['RAMBURS COLET24', `OP ${numeric}`] }] },
        { ref: `E-${randomUUID().slice(0, 6)}`, amount: '60.00', txs: [{ e2e: inE2e, ustrd: ['PLATA RAMBURSURI'] }] },
      ]),
    );
    expect(res.json().result).toMatchObject({ entries: 3, matched: 3, received: 3, flagged: 0 });
    expect((await statusOf(ctx, [a[0]!.id, n[0]!.id, e[0]!.id])).map((r) => r.status)).toEqual(['received', 'received', 'received']);
  });

  it('honours the declared encoding (windows-1250); bytes not in it are refused', async () => {
    const r = ref();
    const xml = statement('02', ctx.config.platformIban, [{ ref: `E-${randomUUID().slice(0, 6)}`, amount: '12.00', txs: [{ ustrd: [r], debtor: 'Curier Târgu Mureş SRL' }] }], { encoding: 'windows-1250' });
    const bytes = Buffer.from(new Uint8Array([...xml].map((ch) => ({ â: 0xe2, ş: 0xba })[ch] ?? ch.charCodeAt(0))));
    expect((await upload(bytes)).statusCode).toBe(200);
    const [line] = await ctx.database.db.select().from(bankStatementLines).where(eq(bankStatementLines.reference, r));
    expect(line!.debtorName).toBe('Curier Târgu Mureş SRL');
    const notUtf8 = await upload(Buffer.from(new Uint8Array([...xml.replace('windows-1250', 'UTF-8')].map((ch) => ({ â: 0xe2, ş: 0xba })[ch] ?? ch.charCodeAt(0)))));
    expect([notUtf8.statusCode, notUtf8.json().message]).toEqual([400, b.notCamt]);
  });
});
