import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@colete/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { uploadProgress } from '../src/db/schema.js';
import { cleanupSessions } from '../src/jobs/session-cleanup.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { multipartFile } from './support/repayments.js';

/*
 * Issue 28: a large upload's progress is in the database, so the page's polls may reach another
 * server instance than the one reading the file. Two apps over one database stand for two
 * instances behind the balancer.
 */

let ctx: TestContext;
let other: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  other = await buildApp({ config: ctx.config, database: ctx.database });
  await other.ready();
  admin = await createUser(ctx, { userType: USER_TYPE.admin });
}, 120_000);
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

const progressOn = (app: FastifyInstance, u: TestUser, uploadId: string) => as({ ...ctx, app }, u, { method: 'GET', url: `/api/admin/uploads/${uploadId}/progress` });

describe('an upload’s progress on every instance', () => {
  it('a report uploaded through one instance is followed on the other, by its admin only; the cleanup forgets it after five minutes', async () => {
    const uploadId = randomUUID();
    const lines = Array.from({ length: 40 }, (_, i) => `1ONB${String(900_000 + i).padStart(9, '0')},10.00,2026-11-18,C24-${uploadId.slice(0, 6)}`);
    const form = multipartFile('raport.csv', `awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${lines.join('\n')}\n`);
    const res = await as(ctx, admin, { method: 'POST', url: '/api/admin/repayments/reports/colet24', payload: form.payload, headers: { ...form.headers, 'x-upload-id': uploadId } });
    expect(res.statusCode, res.body).toBe(200);
    // Asked of the other instance: the same progress, ended.
    expect((await progressOn(other, admin, uploadId)).json()).toEqual({ success: true, progress: { rowsRead: 40, rowsTotal: 40, rowsWritten: 40, done: true } });
    const stranger = await createUser(ctx, { userType: USER_TYPE.admin });
    expect((await progressOn(other, stranger, uploadId)).statusCode).toBe(404);
    // Another admin cannot take the id over: their upload under it keeps nothing, the first stays.
    const again = multipartFile('raport.csv', `awbNumber,amountCollected,transferDate,reimbursementAwbNumber\n${lines[0]}\n`);
    await as(ctx, stranger, { method: 'POST', url: '/api/admin/repayments/reports/colet24', payload: again.payload, headers: { ...again.headers, 'x-upload-id': uploadId } });
    expect((await progressOn(ctx.app, admin, uploadId)).json().progress).toMatchObject({ rowsRead: 40 });
    expect((await progressOn(ctx.app, stranger, uploadId)).statusCode).toBe(404);

    const [row] = await ctx.database.db.select().from(uploadProgress).where(eq(uploadProgress.uploadId, uploadId));
    await cleanupSessions(ctx.database, new Date(row!.updatedAt.getTime() + 4 * 60_000));
    expect(await ctx.database.db.$count(uploadProgress, eq(uploadProgress.uploadId, uploadId))).toBe(1);
    await cleanupSessions(ctx.database, new Date(row!.updatedAt.getTime() + 6 * 60_000));
    expect(await ctx.database.db.$count(uploadProgress, eq(uploadProgress.uploadId, uploadId))).toBe(0);
  });

  it('an upload whose server died (never ended) is forgotten after an hour', async () => {
    const uploadId = randomUUID();
    const at = new Date('2026-11-27T10:00:00Z');
    await ctx.database.db.insert(uploadProgress).values({ uploadId, adminId: admin.id, rowsRead: 500, updatedAt: at });
    expect((await progressOn(other, admin, uploadId)).json().progress).toEqual({ rowsRead: 500, rowsTotal: null, rowsWritten: 0, done: false });
    await cleanupSessions(ctx.database, new Date(at.getTime() + 30 * 60_000));
    expect(await ctx.database.db.$count(uploadProgress, eq(uploadProgress.uploadId, uploadId))).toBe(1);
    await cleanupSessions(ctx.database, new Date(at.getTime() + 61 * 60_000));
    expect(await ctx.database.db.$count(uploadProgress, eq(uploadProgress.uploadId, uploadId))).toBe(0);
  });
});
