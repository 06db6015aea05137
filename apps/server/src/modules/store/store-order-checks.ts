import { isValidPhone, type TShippingTo } from '@colete/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeAccounts, storeOrderChecks } from '../../db/schema/store.js';
import type { ShopOrderSummary } from './store-orders.js';
import { recipientOf, type AddressCorrector } from './store-recipient.js';

/*
 * The orders list's verdict on each order (issue 13): does its shipping address need correcting
 * (the order page's recipientOf: the address correction still finds an error), does its contact (no name, no usable
 * phone)? Computed once per order version (Shopify's updatedAt), kept in store_order_checks, read
 * for a whole page in one query; only the missing or stale ones are computed. The recipient the
 * verdict came from is kept in the same row: the order page reads it instead of correcting again.
 */

export type OrderFlags = { needsAddressFix: boolean; needsContactFix: boolean; readyForActivation: boolean };
/** A verdict with the recipient it came from (the order page's `shippingTo`), both kept per order version. */
export type OrderCheck = { flags: OrderFlags; recipient: TShippingTo };
type Checkable = Pick<ShopOrderSummary, 'id' | 'updatedAt'>;

/** What is still wrong with a recipient: its address (the correction's errors, or no address at all), its contact (no name, no usable phone). */
export function flagsOfRecipient(order: Pick<ShopOrderSummary, 'shippingAddress'>, recipient: TShippingTo): OrderFlags {
  const needsAddressFix = !order.shippingAddress || recipient.errors.length > 0;
  const { name, phone } = recipient.internalAddress.contact;
  const needsContactFix = !name || !phone || !isValidPhone(phone);
  return { needsAddressFix, needsContactFix, readyForActivation: !needsAddressFix && !needsContactFix };
}

/** The order page's recipient (the shop's address through the address correction, the contact) and what is still wrong. */
export function orderCheckOf(corrector: AddressCorrector) {
  return async (order: ShopOrderSummary): Promise<OrderCheck> => {
    const recipient = await recipientOf(corrector, { ...order, lineItems: [], fulfillmentOrders: [] });
    return { flags: flagsOfRecipient(order, recipient), recipient };
  };
}

/** Keeps computed checks (one statement; a repeated order once), replacing what an older version left. */
async function keepChecks(db: Executor, storeAccountId: number, computed: { order: Checkable; check: OrderCheck }[]) {
  const checkedAt = new Date();
  const rows = new Map(computed.map(({ order, check }) => [order.id, { storeAccountId, orderId: order.id, orderUpdatedAt: order.updatedAt, ...check.flags, recipient: check.recipient, checkedAt }]));
  await db
    .insert(storeOrderChecks)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [storeOrderChecks.storeAccountId, storeOrderChecks.orderId],
      set: {
        orderUpdatedAt: sql`excluded.order_updated_at`,
        needsAddressFix: sql`excluded.needs_address_fix`,
        needsContactFix: sql`excluded.needs_contact_fix`,
        readyForActivation: sql`excluded.ready_for_activation`,
        recipient: sql`excluded.recipient`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}

/** The flags of a page of orders: one read of the kept rows, the missing or stale ones computed and kept (with their recipients). */
export async function flagsForPage<T extends Checkable>(db: Executor, storeAccountId: number, orders: T[], compute: (o: T) => Promise<OrderCheck>) {
  const out = new Map<string, OrderFlags>();
  if (orders.length === 0) return out;
  const kept = await db
    .select({ orderId: storeOrderChecks.orderId, orderUpdatedAt: storeOrderChecks.orderUpdatedAt, needsAddressFix: storeOrderChecks.needsAddressFix, needsContactFix: storeOrderChecks.needsContactFix, readyForActivation: storeOrderChecks.readyForActivation })
    .from(storeOrderChecks)
    .where(and(eq(storeOrderChecks.storeAccountId, storeAccountId), inArray(storeOrderChecks.orderId, orders.map((o) => o.id))));
  const byId = new Map(kept.map((k) => [k.orderId, k]));
  const missing: T[] = [];
  for (const order of orders) {
    const row = byId.get(order.id);
    if (row && row.orderUpdatedAt === order.updatedAt) out.set(order.id, { needsAddressFix: row.needsAddressFix, needsContactFix: row.needsContactFix, readyForActivation: row.readyForActivation });
    else missing.push(order);
  }
  if (missing.length === 0) return out;
  // The missing ones together (PostgreSQL's pool answers their corrections side by side), kept in one statement.
  const computed = await Promise.all(missing.map(async (order) => ({ order, check: await compute(order) })));
  for (const { order, check } of computed) out.set(order.id, check.flags);
  await keepChecks(db, storeAccountId, computed);
  return out;
}

/**
 * The order a webhook is about: orders/* carry the order itself (admin_graphql_api_id, or its
 * numeric id); fulfillment_orders/* name it only sometimes (an order_id or an Order gid somewhere in
 * the payload). The verdict depends only on the order's address and contact, which change with its
 * updatedAt anyway: the webhook makes the next read recompute at once.
 */
export function orderIdOfWebhook(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.admin_graphql_api_id === 'string' && p.admin_graphql_api_id.startsWith('gid://shopify/Order/')) return p.admin_graphql_api_id;
  if (typeof p.admin_graphql_api_id === 'string' && typeof p.id === 'number') return null;
  const text = JSON.stringify(payload);
  const gid = /"(gid:\/\/shopify\/Order\/\d+)"/.exec(text)?.[1];
  if (gid) return gid;
  const numeric = /"order_id"\s*:\s*"?(\d+)"?/.exec(text)?.[1] ?? (typeof p.id === 'number' && typeof p.order_number === 'number' ? String(p.id) : undefined);
  return numeric ? `gid://shopify/Order/${numeric}` : null;
}

/** An order changed in the shop (a webhook): its kept verdict is dropped in every account of that shop, the next read computes it again. */
export async function forgetOrderChecks(db: Executor, shop: string, orderId: string) {
  const accounts = await db.select({ id: storeAccounts.id }).from(storeAccounts).where(eq(storeAccounts.shop, shop));
  if (accounts.length === 0) return [];
  return db
    .delete(storeOrderChecks)
    .where(and(inArray(storeOrderChecks.storeAccountId, accounts.map((a) => a.id)), eq(storeOrderChecks.orderId, orderId)))
    .returning({ orderId: storeOrderChecks.orderId });
}
