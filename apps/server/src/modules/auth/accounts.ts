import { USER_TYPE } from '@colete/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';

/**
 * What other modules read and change of the accounts (issue 28 §2): the users table is auth's, the
 * others ask these functions. Lists take id lists (one query for a page, never one a row).
 */

export type AccountRow = typeof users.$inferSelect;
export type AccountContact = { id: number; name: string; email: string; accountType: AccountRow['accountType'] };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const contact = { id: users.id, name: users.name, email: users.email, accountType: users.accountType };

/** Whole accounts by id (missing ids are absent from the map). */
export async function accountsByIds(db: Executor, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names, emails and account types by id, for lists that show who a row belongs to. */
export async function accountContacts(db: Executor, ids: readonly number[]): Promise<Map<number, AccountContact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(contact).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether the id is a client's account (not an admin's, not missing). */
export async function isClientAccount(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.userType, USER_TYPE.client))).limit(1);
  return Boolean(row);
}

export async function countClientAccounts(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.userType, USER_TYPE.client));
  return row?.n ?? 0;
}

/** Client accounts whose name or email contains the term (any case), by name. */
export async function searchClientAccounts(db: Executor, search: string, limit: number): Promise<AccountContact[]> {
  const term = search.toLowerCase();
  // The expression matches the trigram index users_search_trgm_idx.
  const haystack = sql`(lower(${users.name}) || ' ' || ${users.email})`;
  return db
    .select(contact)
    .from(users)
    .where(and(eq(users.userType, USER_TYPE.client), term ? sql`${haystack} LIKE ${`%${likeEscape(term)}%`}` : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** The account a referral code belongs to (codes are kept upper case). */
export async function accountByReferralCode(db: Executor, code: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code.trim().toUpperCase())).limit(1);
  return row ?? null;
}

/**
 * Serialises one account's changes across modules (billing's first-entry activation, ...): the
 * account's row is locked until the transaction ends.
 */
export async function lockAccount(tx: Executor, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** The contact person's name and phone (the billing page's contact card). */
export async function updateAccountContact(db: Executor, id: number, values: { givenName: string; familyName: string; phone: string }) {
  await db
    .update(users)
    .set({ contactGivenName: values.givenName, contactFamilyName: values.familyName, contactPhone: values.phone, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** The bank account repayments are paid to (set by an admin from a sheet). */
export async function updateAccountBank(db: Executor, id: number, values: { bankAccount: string; bankAccountHolder: string; bankName: string | null }) {
  await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** A client's whole account by id (null: missing, or an admin's), for an admin acting for it. */
export async function findClientAccount(db: Executor, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), eq(users.userType, USER_TYPE.client))).limit(1);
  return row ?? null;
}

/** Which of these ids are existing accounts (an audit row references only an existing one). */
export async function existingAccountIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  return new Set(rows.map((r) => r.id));
}

export type AccountProfileValues = Partial<
  Pick<AccountRow, 'name' | 'phone' | 'bankAccount' | 'bankAccountHolder' | 'bankName' | 'repaymentSendInterval' | 'repaymentSendMinAmount' | 'repaymentWaitPending' | 'workingTimeStart' | 'workingTimeEnd'>
>;

/** The profile page's fields saved; the account as it is now (null: no such account). */
export async function updateAccountProfile(db: Executor, id: number, values: AccountProfileValues): Promise<AccountRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * Changes the password under the account's row lock: `stillValid` is asked with the hash as it is
 * under the lock (parallel changes with the same old password: exactly one passes). False when
 * it refuses, and nothing changes.
 */
export async function replacePasswordHash(tx: Executor, id: number, stillValid: (currentHash: string) => Promise<boolean>, passwordHash: string): Promise<boolean> {
  const [locked] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).for('update');
  if (!locked || !(await stillValid(locked.passwordHash))) return false;
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  return true;
}
