import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementLines, reconciliationFlags } from '../src/db/schema.js';
import { buildCamt053 } from '../src/integrations/bank/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { sentByCourier, statusOf } from './support/repayment-money.js';
import { multipartFile } from './support/repayments.js';

/*
 * PostgreSQL only (vitest.config.ts leaves *.pg.test.ts out without TEST_DATABASE_URL). Issue 24,
 * item 4: twenty statements (each its own Stmt/Id) holding the same credit, uploaded at once,
 * take the booking in once: it is known by its bank references (AcctSvcrRef, NtryRef), not by the
 * statement or the file, so one line is matched and the others add nothing.
 */

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  if (ctx.database.kind !== 'postgres') throw new Error('bank-bookings-once.pg.test.ts runs on PostgreSQL only: TEST_DATABASE_URL');
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => ctx?.close());

const statement = (statementId: string, entry: { ntryRef: string; acctSvcrRef: string | null; amountBani: number; reference: string }) =>
  buildCamt053({
    messageId: `M-${statementId}`,
    createdAt: new Date('2026-11-19T05:00:00Z'),
    statementId,
    iban: ctx.config.platformIban,
    date: '2026-11-18',
    openingBani: 0,
    entries: [{ entryRef: entry.ntryRef, acctSvcrRef: entry.acctSvcrRef, amountBani: entry.amountBani, direction: 'CRDT', bookingDate: '2026-11-18', valueDate: '2026-11-18', reference: entry.reference, debtorName: 'Rapid Carpati' }],
  });
const upload = (xml: string) => as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/statements', ...multipartFile('extras.xml', xml) });

describe('the same bank credit in twenty statements imported at once', () => {
  for (const acctSvcrRef of ['BT-2026111800042', null]) {
    it(`is matched once, its repayments received once (known by ${acctSvcrRef ? 'AcctSvcrRef' : 'NtryRef'})`, async () => {
      const c = await createUser(ctx);
      const reference = `RAPIDCARPATI-${randomUUID().slice(0, 8)}`;
      const rows = await sentByCourier(ctx, c, [12_000, 6_900], reference);
      const ntryRef = `N-${randomUUID().slice(0, 8)}`;
      const files = Array.from({ length: 20 }, (_, i) => statement(`S-${randomUUID().slice(0, 6)}-${i}`, { ntryRef, acctSvcrRef: acctSvcrRef && `${acctSvcrRef}-${ntryRef}`, amountBani: 18_900, reference }));
      const answers = await Promise.all(files.map(upload));
      expect(answers.map((a) => a.statusCode)).toEqual(files.map(() => 200));
      const results = answers.map((a) => a.json().result as { matched: number; known: number; flagged: number; received: number });
      expect(results.reduce((a, r) => a + r.matched, 0)).toBe(1);
      expect(results.reduce((a, r) => a + r.known, 0)).toBe(19);
      expect(results.reduce((a, r) => a + r.flagged, 0)).toBe(0);
      expect(results.reduce((a, r) => a + r.received, 0)).toBe(2);

      const lines = await ctx.database.db.select().from(bankStatementLines).where(eq(bankStatementLines.reference, reference));
      expect(lines.map((l) => l.outcome)).toEqual(['matched']);
      expect(await ctx.database.db.select().from(reconciliationFlags).where(inArray(reconciliationFlags.awb, [reference, ntryRef]))).toEqual([]);
      expect((await statusOf(ctx, rows.map((r) => r.id))).map((r) => [r.status, r.receivedLineId])).toEqual([
        ['received', lines[0]!.id],
        ['received', lines[0]!.id],
      ]);
    }, 60_000);
  }
});
