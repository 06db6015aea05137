import { and, asc, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { lockAccount, updateAccountContact } from '../auth/index.js';
import { billingEntities } from '../../db/schema/billing.js';

export type BillingRow = typeof billingEntities.$inferSelect;
export type NewBillingRow = typeof billingEntities.$inferInsert;
export type VerifyStatus = BillingRow['verifyStatus'];

const own = (userId: number, id: number) => and(eq(billingEntities.id, id), eq(billingEntities.userId, userId));

/** One user's entries: the active one first, then the newest. */
export async function listEntities(db: Executor, userId: number) {
  return db
    .select()
    .from(billingEntities)
    .where(eq(billingEntities.userId, userId))
    .orderBy(desc(billingEntities.isActive), desc(billingEntities.createdAt), desc(billingEntities.id));
}

/** The user's active entry, or null. */
export async function activeEntity(db: Executor, userId: number) {
  const [row] = await db.select().from(billingEntities).where(and(eq(billingEntities.userId, userId), eq(billingEntities.isActive, true))).limit(1);
  return row ?? null;
}

/** The entry if it belongs to this user; another user's entry is the same as a missing one. */
export async function findEntity(db: Executor, userId: number, id: number) {
  const [row] = await db.select().from(billingEntities).where(own(userId, id)).limit(1);
  return row ?? null;
}

/** Another entry of the user with this identification code (except the one being edited). */
export async function findByCode(db: Executor, userId: number, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: billingEntities.id })
    .from(billingEntities)
    .where(and(eq(billingEntities.userId, userId), eq(billingEntities.identificationCode, code), exceptId ? ne(billingEntities.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function countEntities(db: Executor, userId: number) {
  const [row] = await db.select({ n: count() }).from(billingEntities).where(eq(billingEntities.userId, userId));
  return row?.n ?? 0;
}

/**
 * Serialises one user's billing changes (first-entry activation, one active, duplicates): the
 * user's row is locked until the transaction ends.
 */
export const lockUser = (tx: Executor, userId: number) => lockAccount(tx, userId);

export async function insertEntity(db: Executor, values: NewBillingRow) {
  const [row] = await db.insert(billingEntities).values(values).returning();
  return row!;
}

export async function updateEntity(db: Executor, userId: number, id: number, values: Partial<NewBillingRow>) {
  const [row] = await db
    .update(billingEntities)
    .set({ ...values, updatedAt: new Date() })
    .where(own(userId, id))
    .returning();
  return row ?? null;
}

/** Makes one entry the only active one: the others are switched off first (the one-active index). */
export async function activateOnly(tx: Executor, userId: number, id: number) {
  await tx
    .update(billingEntities)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(billingEntities.userId, userId), eq(billingEntities.isActive, true), ne(billingEntities.id, id)));
  await tx.update(billingEntities).set({ isActive: true, updatedAt: new Date() }).where(own(userId, id));
}

/** Deletes an entry only while it is not active; false when nothing was deleted. */
export async function deleteInactiveEntity(db: Executor, userId: number, id: number) {
  const rows = await db
    .delete(billingEntities)
    .where(and(own(userId, id), eq(billingEntities.isActive, false)))
    .returning({ id: billingEntities.id });
  return rows.length > 0;
}

/**
 * Records the register's answer, only if the entry still waits for it with the code and name that
 * were checked: an edit made meanwhile is not overwritten by the answer about the old values.
 */
export async function recordVerification(db: Executor, id: number, checkedCode: string, checkedName: string, status: Exclude<VerifyStatus, 'pendingVerification'>) {
  const rows = await db
    .update(billingEntities)
    .set({ verifyStatus: status, verifiedAt: new Date() })
    .where(
      and(
        eq(billingEntities.id, id),
        eq(billingEntities.identificationCode, checkedCode),
        eq(billingEntities.name, checkedName),
        eq(billingEntities.verifyStatus, 'pendingVerification'),
      ),
    )
    .returning({ id: billingEntities.id });
  return rows.length > 0;
}

/** Companies still waiting for the register, the longest waiting first. */
export async function pendingCompanies(db: Executor, limit: number) {
  return db
    .select({ id: billingEntities.id, name: billingEntities.name, identificationCode: billingEntities.identificationCode })
    .from(billingEntities)
    .where(and(eq(billingEntities.verifyStatus, 'pendingVerification'), eq(billingEntities.isCompany, true)))
    .orderBy(asc(billingEntities.updatedAt), asc(billingEntities.id))
    .limit(limit);
}

export const updateContact = (db: Executor, userId: number, values: { givenName: string; familyName: string; phone: string }) => updateAccountContact(db, userId, values);

/** Companies (billing data marked company) whose name contains the text (any case), by name. */
export async function companiesByName(db: Executor, search: string, limit: number) {
  const q = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ id: billingEntities.id, name: billingEntities.name, userId: billingEntities.userId })
    .from(billingEntities)
    .where(and(eq(billingEntities.isCompany, true), q ? ilike(billingEntities.name, `%${q}%`) : undefined))
    .orderBy(billingEntities.name, billingEntities.id)
    .limit(limit);
}

/** The account a billing entity belongs to (null: no such entity). */
export async function entityOwner(db: Executor, id: number): Promise<number | null> {
  const [row] = await db.select({ userId: billingEntities.userId }).from(billingEntities).where(eq(billingEntities.id, id)).limit(1);
  return row?.userId ?? null;
}
