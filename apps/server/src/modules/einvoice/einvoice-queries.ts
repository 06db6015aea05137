import type { EInvoiceState } from '@colete/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { eInvoiceAuthorizations, eInvoiceConnections } from '../../db/schema/einvoice.js';
import { entitiesByCode, entityById as billingEntityById, type BillingRow } from '../billing/index.js';

export type ConnectionRow = typeof eInvoiceConnections.$inferSelect;

/** ACTIVE only while the refresh token is still valid: a lapsed one needs a new consent. */
export const effectiveState = sql<EInvoiceState>`case when ${eInvoiceConnections.state} = 'ACTIVE' and ${eInvoiceConnections.refreshExpiresAt} > now() then 'ACTIVE' else 'EXPIRED' end`;

/** Every connection of one user's entries, in one query (for the billing list). */
export async function connectionsOfUser(db: Executor, userId: number) {
  return db
    .select({ billingEntityId: eInvoiceConnections.billingEntityId, state: effectiveState, refreshExpiresAt: eInvoiceConnections.refreshExpiresAt })
    .from(eInvoiceConnections)
    .where(eq(eInvoiceConnections.userId, userId));
}

export async function connectionState(db: Executor, billingEntityId: number): Promise<EInvoiceState | null> {
  const [row] = await db.select({ state: effectiveState }).from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, billingEntityId)).limit(1);
  return row?.state ?? null;
}

export async function findConnection(db: Executor, billingEntityId: number) {
  const [row] = await db.select().from(eInvoiceConnections).where(eq(eInvoiceConnections.billingEntityId, billingEntityId)).limit(1);
  return row ?? null;
}

/** A new connection, or the tokens of a renewed consent replacing the old (lapsed) ones. */
export async function saveConnection(db: Executor, values: Omit<typeof eInvoiceConnections.$inferInsert, 'state' | 'connectedAt' | 'updatedAt'>) {
  const now = new Date();
  await db
    .insert(eInvoiceConnections)
    .values({ ...values, state: 'ACTIVE', connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: eInvoiceConnections.billingEntityId,
      set: {
        userId: values.userId,
        state: 'ACTIVE',
        accessTokenEnc: values.accessTokenEnc,
        refreshTokenEnc: values.refreshTokenEnc,
        accessExpiresAt: values.accessExpiresAt,
        refreshExpiresAt: values.refreshExpiresAt,
        connectedAt: now,
        updatedAt: now,
      },
    });
}

/** A refresh's new pair replaces the old one (the connection stays as it was made). */
export async function updateTokens(
  db: Executor,
  billingEntityId: number,
  values: Pick<ConnectionRow, 'accessTokenEnc' | 'refreshTokenEnc' | 'accessExpiresAt' | 'refreshExpiresAt'>,
) {
  await db
    .update(eInvoiceConnections)
    .set({ ...values, state: 'ACTIVE', updatedAt: new Date() })
    .where(eq(eInvoiceConnections.billingEntityId, billingEntityId));
}

export async function insertAuthorization(db: Executor, values: typeof eInvoiceAuthorizations.$inferInsert) {
  await db.insert(eInvoiceAuthorizations).values(values);
}

/** Consents abandoned on the authorize page: dropped once expired. */
export async function deleteExpiredAuthorizations(db: Executor) {
  await db.delete(eInvoiceAuthorizations).where(lte(eInvoiceAuthorizations.expiresAt, sql`now()`));
}

/**
 * Spends a state once, only for the user it was made for and only before it expires: the row is
 * deleted whatever the outcome, so the same state can never be used twice.
 */
export async function consumeAuthorization(db: Executor, stateHash: string, userId: number) {
  const [row] = await db
    .delete(eInvoiceAuthorizations)
    .where(and(eq(eInvoiceAuthorizations.stateHash, stateHash), eq(eInvoiceAuthorizations.userId, userId)))
    .returning({
      billingEntityId: eInvoiceAuthorizations.billingEntityId,
      returnTo: eInvoiceAuthorizations.returnTo,
      expired: sql<boolean>`${eInvoiceAuthorizations.expiresAt} <= now()`,
    });
  return row ?? null;
}

/** The entry a consent was for, whoever owns it (an admin's consent is for a client's entry). */
export const entityById = (db: Executor, id: number) => billingEntityById(db, id);

/** Of these entries, the first (lowest id) with a connection (an ACTIVE one when asked), and its last sync; null when none. */
export async function firstConnected(db: Executor, entityIds: readonly number[], opts: { active?: boolean } = {}) {
  if (entityIds.length === 0) return null;
  const c = eInvoiceConnections;
  const [row] = await db
    .select({ billingEntityId: c.billingEntityId, lastSyncAt: c.lastSyncAt })
    .from(c)
    .where(and(inArray(c.billingEntityId, [...entityIds]), opts.active ? eq(c.state, 'ACTIVE') : undefined))
    .orderBy(asc(c.billingEntityId))
    .limit(1);
  return row ?? null;
}

/**
 * The entry with this identification code (as stored) connected to e-Factura: the account's own
 * when a userId is given, otherwise any account's (the platform's company), the oldest first; with
 * its connection's last sync. Null when there is none.
 */
export async function connectedEntity(db: Executor, code: string, opts: { userId?: number; active?: boolean } = {}): Promise<{ entity: BillingRow; lastSyncAt: Date | null } | null> {
  const entities = await entitiesByCode(db, code, opts.userId);
  const connected = await firstConnected(db, entities.map((e) => e.id), opts);
  const entity = connected && entities.find((e) => e.id === connected.billingEntityId);
  return entity ? { entity, lastSyncAt: connected.lastSyncAt } : null;
}
