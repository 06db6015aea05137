import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billingEntities } from '../../db/schema/billing.js';
import type { BillingRow } from './billing-queries.js';

/*
 * What other modules read of the billing entries (issue 28 §2): billing_entities is billing's, the
 * others (e-invoicing, subscriptions, invoicing) ask these functions. Lists take id lists: one query
 * a page, never one a row.
 */

const unique = (ids: readonly (number | null | undefined)[]) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];

/** Whole entries by id, whoever holds them (missing ids are absent from the map). */
export async function entitiesByIds(db: Executor, ids: readonly (number | null | undefined)[]): Promise<Map<number, BillingRow>> {
  const wanted = unique(ids);
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(billingEntities).where(inArray(billingEntities.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** One entry by id, whoever holds it (an admin acts for a client's entry), or null. */
export async function entityById(db: Executor, id: number): Promise<BillingRow | null> {
  return (await entitiesByIds(db, [id])).get(id) ?? null;
}

/** Of these entries, the ids of those the account holds (another account's and missing ones are left out). */
export async function entityIdsHeldBy(db: Executor, userId: number, ids: readonly (number | null | undefined)[]): Promise<Set<number>> {
  const wanted = unique(ids);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: billingEntities.id })
    .from(billingEntities)
    .where(and(inArray(billingEntities.id, wanted), eq(billingEntities.userId, userId)));
  return new Set(rows.map((r) => r.id));
}

/** One account's entries by name (the e-invoicing companies' list, the documents it issued). */
export async function entitiesOfAccount(db: Executor, userId: number): Promise<BillingRow[]> {
  return db.select().from(billingEntities).where(eq(billingEntities.userId, userId)).orderBy(asc(billingEntities.name), asc(billingEntities.id));
}

/**
 * The entries with this identification code (a CUI without RO, a CNP, as stored), of one account
 * or, without one, of every account (the platform's own company), oldest first.
 */
export async function entitiesByCode(db: Executor, code: string, userId?: number): Promise<BillingRow[]> {
  return db
    .select()
    .from(billingEntities)
    .where(and(eq(billingEntities.identificationCode, code), userId === undefined ? undefined : eq(billingEntities.userId, userId)))
    .orderBy(asc(billingEntities.id));
}
