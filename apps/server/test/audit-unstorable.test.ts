import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../src/db/schema.js';
import { as, createTestApp, createUser, type TestContext } from './helper.js';

/*
 * Issue 24: the admin audit log never drops a row. A value PostgreSQL cannot store (a NUL, a lone
 * surrogate: jsonb refuses both) is kept escaped, not lost with its whole row.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(async () => ctx?.close());

describe('an admin call carrying text PostgreSQL cannot store', () => {
  it('is logged, with the NUL and the lone surrogates escaped and the rest as sent', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const note = 'nota\u0000 cu \ud800 si \udfff dar 😀 ramane';
    const body = JSON.stringify({ note, ['k\u0000ey']: ['a\ud83d'] });
    const res = await as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/reconciliation/999999/resolve', headers: { 'content-type': 'application/json' }, payload: body });
    expect([400, 404]).toContain(res.statusCode);
    const q = await as(ctx, admin, { method: 'GET', url: '/api/admin/repayments/reconciliation?courier=a%00b' });
    expect(q.statusCode).toBeLessThan(500);

    const rows = await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin.id)).orderBy(adminAuditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['POST /api/admin/repayments/reconciliation/:flagId/resolve', 'GET /api/admin/repayments/reconciliation']);
    expect(rows[0]!.details).toMatchObject({ body: { note: 'nota\\u0000 cu \\ud800 si \\udfff dar 😀 ramane', 'k\\u0000ey': ['a\\ud83d'] } });
    expect(rows[1]!.details).toMatchObject({ query: { courier: 'a\\u0000b' } });
  });
});
