import { and, asc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { storeAccounts, storeAuthorizations, storeWebhookDeliveries } from '../../db/schema/store.js';

export type StoreAccountRow = typeof storeAccounts.$inferSelect;

export const accountsOfUser = (db: Executor, userId: number) =>
  db.select().from(storeAccounts).where(eq(storeAccounts.userId, userId)).orderBy(asc(storeAccounts.connectedAt), asc(storeAccounts.id));

/** A store account of this client, or nothing (another client's account is not found either). */
const accountReader = preparedPerDatabase((db) =>
  db
    .select()
    .from(storeAccounts)
    .where(and(eq(storeAccounts.id, sql.placeholder('id')), eq(storeAccounts.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('store_account_read'),
);

/** The client's store account by id (every store request reads it: a prepared statement). */
export async function accountOf(db: Executor, userId: number, id: number) {
  const [row] = await accountReader(db).execute({ id, userId });
  return row ?? null;
}

export async function insertAuthorization(db: Executor, values: typeof storeAuthorizations.$inferInsert) {
  await db.delete(storeAuthorizations).where(lt(storeAuthorizations.expiresAt, sql`now()`));
  await db.insert(storeAuthorizations).values(values);
}

/** Spends a state once: it is deleted whoever presents it; only its own signed-in user gets it back. */
export async function consumeAuthorization(db: Executor, stateHash: string, signedInUserId: number) {
  const [row] = await db.delete(storeAuthorizations).where(eq(storeAuthorizations.stateHash, stateHash)).returning();
  if (!row || row.userId !== signedInUserId) return null;
  return { ...row, expired: row.expiresAt.getTime() <= Date.now() };
}

/** Connects (or connects again) the client's store: one account per client and shop. */
export async function saveConnected(db: Executor, values: { userId: number; shop: string; name: string; scopes: string }) {
  const now = new Date();
  const [row] = await db
    .insert(storeAccounts)
    .values({ ...values, status: 'CONNECTED', connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [storeAccounts.userId, storeAccounts.shop],
      set: { name: values.name, scopes: values.scopes, status: 'CONNECTED', connectedAt: now, disconnectedAt: null, disconnectReason: null, updatedAt: now },
    })
    .returning();
  return row!;
}

export const setToken = (db: Executor, id: number, accessTokenEnc: string) =>
  db.update(storeAccounts).set({ accessTokenEnc, updatedAt: new Date() }).where(eq(storeAccounts.id, id));

/** Disconnected: the token is deleted, the row stays (with why). */
export const disconnect = (db: Executor, where: { id: number } | { shop: string }, reason: 'user' | 'uninstalled') =>
  db
    .update(storeAccounts)
    .set({ status: 'DISCONNECTED', accessTokenEnc: null, disconnectedAt: new Date(), disconnectReason: reason, updatedAt: new Date() })
    .where('id' in where ? eq(storeAccounts.id, where.id) : and(eq(storeAccounts.shop, where.shop), eq(storeAccounts.status, 'CONNECTED')))
    .returning({ id: storeAccounts.id });

/** Whether another account (of any client) has this shop connected: revoking the app's access would cut it off too. */
export async function otherConnected(db: Executor, shop: string, exceptId: number) {
  const [row] = await db
    .select({ id: storeAccounts.id })
    .from(storeAccounts)
    .where(and(eq(storeAccounts.shop, shop), eq(storeAccounts.status, 'CONNECTED'), ne(storeAccounts.id, exceptId)))
    .limit(1);
  return !!row;
}

/** shop/redact: what is kept of a shop that uninstalled the app is erased (accounts still connected are left). */
export const eraseShop = (db: Executor, shop: string) =>
  db.delete(storeAccounts).where(and(eq(storeAccounts.shop, shop), eq(storeAccounts.status, 'DISCONNECTED'))).returning({ id: storeAccounts.id });

/** Records a delivery: false when it was already received (a repeated delivery is not processed again). */
export async function recordDelivery(db: Executor, values: { webhookId: string; topic: string; shop: string }) {
  const rows = await db.insert(storeWebhookDeliveries).values(values).onConflictDoNothing().returning({ id: storeWebhookDeliveries.webhookId });
  return rows.length > 0;
}

/** Shopify retries a delivery for about 4 hours: a delivery id is kept 30 days, then forgotten; lapsed consents go too. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 86_400_000;
export async function pruneStoreRecords(db: Executor, now = new Date()) {
  const deliveries = await db
    .delete(storeWebhookDeliveries)
    .where(lt(storeWebhookDeliveries.receivedAt, new Date(now.getTime() - WEBHOOK_DELIVERY_KEEP_MS)))
    .returning({ id: storeWebhookDeliveries.webhookId });
  const authorizations = await db.delete(storeAuthorizations).where(lt(storeAuthorizations.expiresAt, now)).returning({ id: storeAuthorizations.stateHash });
  return { webhookDeliveries: deliveries.length, storeAuthorizations: authorizations.length };
}

/** One connected account of each shop (its sealed token opens the shop for the copy's sync). */
export async function connectedShops(db: Executor) {
  return db
    .selectDistinctOn([storeAccounts.shop], { id: storeAccounts.id, shop: storeAccounts.shop, accessTokenEnc: storeAccounts.accessTokenEnc })
    .from(storeAccounts)
    .where(and(eq(storeAccounts.status, 'CONNECTED'), isNotNull(storeAccounts.accessTokenEnc)))
    .orderBy(storeAccounts.shop, storeAccounts.id);
}
