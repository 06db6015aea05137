import { eq } from 'drizzle-orm';
import type { TShipmentDetail } from '@colete/contract';
import type { Database } from '../../src/db/client.js';
import { shipments, storeAccounts, storeActivations } from '../../src/db/schema.js';
import { notFound } from '../../src/lib/errors.js';
import type { StoreActivationDeps } from '../../src/modules/store/store-activation.js';
import type { StoreService } from '../../src/modules/store/store-service.js';
import { insertClient } from './clients.js';

/*
 * A shop in memory for the store activation's direct tests (store-activation-mutants): its orders
 * as Admin GraphQL answers them, the fulfillments made, every call recorded; and stand-ins for the
 * shipments module (a draft row per request key, an AWB at activation) and the store service.
 */

export const SHOP = 'fake-shop.myshopify.com';
export type FakeLine = { id: string; remaining: number; total?: number };
export type FakeFo = { id: string; status?: string; lines: FakeLine[]; holds?: { reason: string; reasonNotes: string | null }[] };
type UserError = { field: string[] | null; message: string };

const foNode = (fo: FakeFo) => ({
  id: fo.id,
  status: fo.status ?? 'OPEN',
  requestStatus: 'UNSUBMITTED',
  fulfillAt: null,
  updatedAt: '2026-11-20T10:00:00Z',
  assignedLocation: { name: 'Depozit', location: { id: 'gid://shopify/Location/1' } },
  lineItems: { nodes: fo.lines.map((l) => ({ id: l.id, totalQuantity: l.total ?? l.remaining, remainingQuantity: l.remaining, sku: null, weight: null, lineItem: { id: `${l.id}-item`, sku: null, name: `Produs ${l.id}` } })) },
  fulfillmentHolds: (fo.holds ?? []).map((h, k) => ({ id: `hold-${k}`, reason: h.reason, reasonNotes: h.reasonNotes, handle: null })),
  supportedActions: [],
  locationsForMove: { nodes: [] },
});
const orderNode = (id: string, fos: FakeFo[], cancelledAt: string | null) => ({
  id,
  legacyResourceId: id.replace(/\D/g, ''),
  name: `#${id.replace(/\D/g, '')}`,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  cancelledAt,
  closed: false,
  displayFinancialStatus: 'PAID',
  displayFulfillmentStatus: 'UNFULFILLED',
  paymentGatewayNames: [],
  tags: [],
  note: null,
  email: null,
  phone: null,
  customer: null,
  shippingAddress: null,
  totalPriceSet: { shopMoney: { amount: '100.00', currencyCode: 'RON' } },
  totalWeight: null,
  lineItems: { nodes: [] },
  fulfillmentOrders: { nodes: fos.map(foNode) },
});

/** The shop: orders by id, fulfillments by order, the answers of its mutations (replaceable), its calls. */
export function fakeShop() {
  const orders = new Map<string, ReturnType<typeof orderNode>>();
  const fulfillments = new Map<string, { id: string; trackingInfo: { number: string | null }[] }[]>();
  const calls: { op: string; variables: Record<string, unknown> }[] = [];
  let made = 0;
  const shop = {
    calls,
    fulfillments,
    down: false,
    /** fulfillmentCreate's answer; by default the fulfillment is made (and found by its AWB afterwards). */
    create: null as null | ((orderId: string) => { fulfillment: { id: string } | null; userErrors: UserError[] }),
    splitErrors: [] as UserError[],
    eventErrors: [] as UserError[],
    setOrder(id: string, fos: FakeFo[], cancelledAt: string | null = null) {
      orders.set(id, orderNode(id, fos, cancelledAt));
    },
    removeOrder: (id: string) => orders.delete(id),
    ops: () => calls.map((c) => c.op),
    app: {
      async graphql(shopDomain: string, token: string, query: string, variables: Record<string, unknown> = {}) {
        const op = /^(?:query|mutation) (\w+)/.exec(query)![1]!;
        calls.push({ op, variables });
        if (shop.down || shopDomain !== SHOP || token !== 'tok') throw new Error('the shop does not answer');
        const id = variables.id as string;
        if (op === 'Order') return { data: { order: orders.get(id) ?? null } };
        if (op === 'OrderFulfillments') return { data: { order: { fulfillments: fulfillments.get(id) ?? [] } } };
        if (op === 'Split') return { data: { fulfillmentOrderSplit: { fulfillmentOrderSplits: [], userErrors: shop.splitErrors } } };
        if (op === 'Event') return { data: { fulfillmentEventCreate: { fulfillmentEvent: null, userErrors: shop.eventErrors } } };
        if (op === 'Fulfil') {
          const input = variables.fulfillment as { lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[]; trackingInfo: { number: string } };
          const foId = input.lineItemsByFulfillmentOrder[0]!.fulfillmentOrderId;
          const orderId = [...orders.values()].find((o) => o.fulfillmentOrders.nodes.some((fo) => fo.id === foId))!.id;
          if (shop.create) return { data: { fulfillmentCreate: shop.create(orderId) } };
          const fulfillment = { id: `gid://shopify/Fulfillment/${++made}`, trackingInfo: [{ number: input.trackingInfo.number }] };
          fulfillments.set(orderId, [...(fulfillments.get(orderId) ?? []), fulfillment]);
          return { data: { fulfillmentCreate: { fulfillment, userErrors: [] } } };
        }
        throw new Error(`unexpected ${op}`);
      },
    } as unknown as StoreActivationDeps['app'],
  };
  return shop;
}

/** A client with a connected store account (its row as the store service answers it). */
export async function storeClient(database: Database) {
  const userId = await insertClient(database.db);
  const [account] = await database.db.insert(storeAccounts).values({ userId, shop: SHOP, name: 'Magazin', status: 'CONNECTED' }).returning();
  return { userId, accountId: account!.id, client: { id: userId } as never };
}

/** The store service's `connected`: the client's own account only (404 otherwise). */
export const fakeStore = (database: Database) =>
  ({
    async connected(clientId: number, id: number) {
      const [row] = await database.db.select().from(storeAccounts).where(eq(storeAccounts.id, id));
      if (!row || row.userId !== clientId) throw notFound('Magazinul nu a fost gasit.');
      return { row, token: 'tok' };
    },
  }) as unknown as StoreService;

const party = { contactName: 'Ana', contactPhone: '0722000000', addressCity: 'Cluj-Napoca' } as never;

/** A shipment row of the client (its status and AWB as asked): the draft a store activation makes. */
export async function shipmentRow(database: Database, userId: number, values: { uniqueId?: string; status?: (typeof shipments.$inferInsert)['status']; awb?: string | null; courierId?: string | null } = {}) {
  const [row] = await database.db
    .insert(shipments)
    .values({ uniqueId: values.uniqueId ?? `S${Math.random().toString(36).slice(2, 12)}`, userId, status: values.status ?? 'created', sender: party, recipient: party, packages: [], content: 'Test', paymentType: 'prepaid', options: { codBani: null, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false }, courierId: values.courierId === undefined ? 'cargus' : values.courierId, awb: values.awb === undefined ? `AWB${Math.floor(Math.random() * 1e9)}` : values.awb })
    .returning();
  return row!;
}

/** A claim of a fulfillment order with its shipment, written directly. */
export async function claimRow(database: Database, c: { userId: number; accountId: number }, values: Partial<typeof storeActivations.$inferInsert> & { orderId: string; fulfillmentOrderId: string; shipmentId: number }) {
  const [row] = await database.db.insert(storeActivations).values({ storeAccountId: c.accountId, userId: c.userId, lines: [], activationId: 'svc', ...values }).returning();
  return row!;
}

/** The shipments module as the activation sees it: a draft per request key, an AWB at activation, every call recorded. */
export function fakeShipments(database: Database) {
  const calls: { op: string; args: unknown[] }[] = [];
  return {
    calls,
    offers: async (...args: unknown[]) => {
      calls.push({ op: 'offers', args });
      return [];
    },
    storeDraft: async (client: { id: number }, ...rest: unknown[]) => {
      calls.push({ op: 'storeDraft', args: [client, ...rest] });
      const key = rest[3] as string;
      const [found] = await database.db.select().from(shipments).where(eq(shipments.uniqueId, key));
      const row = found ?? (await shipmentRow(database, client.id, { uniqueId: key, status: 'draft', awb: null, courierId: null }));
      return { id: row.id, uniqueId: row.uniqueId, status: row.status };
    },
    activate: async (...args: unknown[]) => {
      calls.push({ op: 'activate', args });
      const uniqueId = args[1] as string;
      const [row] = await database.db.select().from(shipments).where(eq(shipments.uniqueId, uniqueId));
      const awb = row!.awb ?? `AWB${row!.id}`;
      const courierId = row!.courierId ?? 'cargus';
      if (row!.status === 'draft') await database.db.update(shipments).set({ status: 'created', awb, courierId }).where(eq(shipments.id, row!.id));
      // As shipments' activate answers: the AWB and the courier the shop's fulfillment is told.
      return { uniqueId, awb, courierId } as TShipmentDetail;
    },
    cancel: async (...args: unknown[]) => {
      calls.push({ op: 'cancel', args });
      return { uniqueId: args[1] } as TShipmentDetail;
    },
    courierName: (courierId: string) => `Curier ${courierId}`,
  };
}
