import { and, count, desc, eq, getTableColumns, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderTemplates, returnAttempts } from '../../db/schema/templates.js';
import { findUserById } from '../auth/index.js';

export type TemplateRow = typeof orderTemplates.$inferSelect;
export type NewTemplateRow = typeof orderTemplates.$inferInsert;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const live = isNull(orderTemplates.deletedAt);
/** Every column but the logo's bytes (lists and details never carry them). */
const { logo: _logo, ...withoutLogo } = getTableColumns(orderTemplates);
export type TemplateMeta = Omit<TemplateRow, 'logo'>;

/** A client's live templates, newest first, optionally matching the normalised search text. */
export async function listTemplates(db: Executor, userId: number, opts: { search?: string; limit: number; offset: number }) {
  const where = and(eq(orderTemplates.userId, userId), live, opts.search ? sql`${orderTemplates.searchText} LIKE ${`%${likeEscape(opts.search)}%`}` : undefined);
  const [rows, [total]] = await Promise.all([
    db.select(withoutLogo).from(orderTemplates).where(where).orderBy(desc(orderTemplates.createdAt), desc(orderTemplates.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(orderTemplates).where(where),
  ]);
  return { rows: rows as TemplateMeta[], count: total?.n ?? 0 };
}

/** The client's live template by id; another client's is the same as a missing one. */
export async function findTemplate(db: Executor, userId: number, id: number, opts: { lock?: boolean } = {}) {
  const q = db.select(withoutLogo).from(orderTemplates).where(and(eq(orderTemplates.id, id), eq(orderTemplates.userId, userId), live)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return (row as TemplateMeta | undefined) ?? null;
}

export async function findTemplateByUniqueId(db: Executor, userId: number, uniqueId: string) {
  const [row] = await db.select(withoutLogo).from(orderTemplates).where(and(eq(orderTemplates.uniqueId, uniqueId), eq(orderTemplates.userId, userId), live)).limit(1);
  return (row as TemplateMeta | undefined) ?? null;
}

/** A live template for the public page, with the merchant's account name. */
export async function findPublicTemplate(db: Executor, uniqueId: string) {
  const [row] = await db.select(withoutLogo).from(orderTemplates).where(and(eq(orderTemplates.uniqueId, uniqueId), live)).limit(1);
  const merchant = row ? await findUserById(db, row.userId) : null;
  return row && merchant ? { template: row as TemplateMeta, merchant: merchant.name } : null;
}

export async function findLogo(db: Executor, uniqueId: string) {
  const [row] = await db
    .select({ logo: orderTemplates.logo, logoType: orderTemplates.logoType })
    .from(orderTemplates)
    .where(and(eq(orderTemplates.uniqueId, uniqueId), live))
    .limit(1);
  return row?.logo && row.logoType ? { logo: row.logo, type: row.logoType } : null;
}

export async function uniqueIdTaken(db: Executor, uniqueId: string, exceptId?: number) {
  const [row] = await db
    .select({ id: orderTemplates.id })
    .from(orderTemplates)
    .where(and(eq(orderTemplates.uniqueId, uniqueId), exceptId ? sql`${orderTemplates.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

export async function insertTemplate(db: Executor, values: NewTemplateRow) {
  const [row] = await db.insert(orderTemplates).values(values).returning(withoutLogo);
  return row as TemplateMeta;
}

export async function updateTemplate(db: Executor, userId: number, id: number, values: Partial<NewTemplateRow>) {
  const [row] = await db
    .update(orderTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orderTemplates.id, id), eq(orderTemplates.userId, userId), live))
    .returning(withoutLogo);
  return (row as TemplateMeta | undefined) ?? null;
}

export async function markDeleted(db: Executor, userId: number, id: number) {
  const rows = await db
    .update(orderTemplates)
    .set({ deletedAt: new Date(), logo: null, logoType: null })
    .where(and(eq(orderTemplates.id, id), eq(orderTemplates.userId, userId), live))
    .returning({ id: orderTemplates.id });
  return rows.length > 0;
}

/** Records a return submission from this address for this template (committed before counting); its id. */
export async function recordReturnAttempt(db: Executor, templateId: number, ip: string): Promise<number> {
  const [row] = await db.insert(returnAttempts).values({ templateId, ip }).returning({ id: returnAttempts.id });
  return row!.id;
}

/** A submission that was refused (or failed) is not one of the accepted returns the limits count. */
export async function forgetReturnAttempt(db: Executor, id: number) {
  await db.delete(returnAttempts).where(eq(returnAttempts.id, id));
}

export async function countReturnAttempts(db: Executor, by: { ip?: string; templateId?: number }, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(returnAttempts)
    .where(
      and(
        by.ip ? eq(returnAttempts.ip, by.ip) : undefined,
        by.templateId ? eq(returnAttempts.templateId, by.templateId) : undefined,
        gt(returnAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The public return page's submissions older than `before` dropped (the clean-up job); answers how many. */
export async function pruneReturnAttempts(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(returnAttempts).where(lt(returnAttempts.createdAt, before)).returning({ id: returnAttempts.id });
  return rows.length;
}
