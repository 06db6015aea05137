/**
 * The simulated shop's orders (Shopify's Order, LineItem and FulfillmentOrder shapes), built from
 * the shop's seeded PRNG: the same orders at every start, their dates counted back from today.
 */
import { locationNodes } from './simulator-graphql.js';
import { ACTIONS, CUSTOMER_SEEDS, DAY, HOLDS, ORDER_KINDS, PRODUCT_SEEDS, mailing, money, orderCount, productNodes, prng, seedOf, type OrderKind } from './simulator-shop-data.js';

const connection = <T>(nodes: T[]) => ({ nodes, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
const FULFILLMENT_STATUS: Record<OrderKind, string> = { open: 'UNFULFILLED', multiLocation: 'UNFULFILLED', onHold: 'ON_HOLD', partlyFulfilled: 'PARTIALLY_FULFILLED', fulfilledElsewhere: 'FULFILLED', cancelled: 'UNFULFILLED' };
const NOTES = ['Va rog sunati inainte de livrare.', 'Livrare dupa ora 17.', 'Este un cadou, fara factura in colet.'];
const TAGS = ['client-fidel', 'cadou', 'revenire'];

type Line = { product: ReturnType<typeof productNodes>[number]; variant: number; quantity: number; location: number };

function pickLines(kind: OrderKind, rnd: () => number, products: ReturnType<typeof productNodes>): Line[] {
  const at = (loc: number) => products.filter((p) => p.stockedAt.includes(loc));
  const only = (loc: number) => products.filter((p) => p.stockedAt.length === 1 && p.stockedAt[0] === loc);
  const one = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const line = (product: Line['product'], location: number): Line => ({ product, variant: Math.floor(rnd() * product.variants.nodes.length), quantity: rnd() < 0.7 ? 1 : 2, location });
  if (kind === 'multiLocation') return [line(one(only(1)), 1), line(one(only(2)), 2)];
  const location = rnd() < 0.75 ? 1 : 2;
  const count = kind === 'partlyFulfilled' ? 2 : 1 + Math.floor(rnd() * 2);
  const chosen = new Set<Line['product']>();
  while (chosen.size < count) chosen.add(one(at(location)));
  return [...chosen].map((p) => line(p, location));
}

/** The shop's i-th order of n (`at` and `kind` for an order added later: made now, still open). */
export function buildOrder(shop: string, i: number, n: number, today: number, added?: { at: Date; kind: OrderKind }) {
  const rnd = prng(seedOf(shop) + i * 7919);
  const kind = added?.kind ?? ORDER_KINDS[i % ORDER_KINDS.length]!;
  const number = 1001 + i;
  const id = `gid://shopify/Order/${number}`;
  const step = n > 96 ? 365 / n : n > 12 ? 1 : 2;
  const dated = new Date(today - ((n - 1 - i) * step + 0.2 + rnd() * 0.6 * step) * DAY);
  const created = added?.at ?? dated;
  const createdAt = created.toISOString();
  const customerSeed = CUSTOMER_SEEDS[(i * 7) % CUSTOMER_SEEDS.length]!;
  const cod = rnd() < 0.45;
  const lines = pickLines(kind, rnd, productNodes());
  const cancelled = kind === 'cancelled';
  const done = (k: number) => cancelled || kind === 'fulfilledElsewhere' || (kind === 'partlyFulfilled' && k === 0);

  const lineItems = lines.map((l, k) => {
    const v = l.product.variants.nodes[l.variant]!;
    const unit = Math.round(Number(v.price) * 100);
    const remaining = done(k) ? 0 : l.quantity;
    return {
      id: `gid://shopify/LineItem/${number * 100 + k + 1}`,
      name: v.displayName,
      title: l.product.title,
      variantTitle: v.title === 'Default Title' ? null : v.title,
      sku: v.sku,
      quantity: l.quantity,
      currentQuantity: cancelled ? 0 : l.quantity,
      unfulfilledQuantity: remaining,
      requiresShipping: true,
      originalUnitPriceSet: money(unit),
      originalTotalSet: money(unit * l.quantity),
      variant: { id: v.id },
      product: { id: l.product.id },
      image: { url: v.image.url, altText: v.image.altText },
      /** Not Shopify's (kept out of answers by the fulfillment orders below). */
      location: l.location,
      weight: v.inventoryItem.measurement.weight,
    };
  });

  const locations = locationNodes();
  const byLocation = [...new Set(lineItems.map((l) => l.location))];
  const hold = HOLDS[Math.floor(i / ORDER_KINDS.length) % HOLDS.length]!;
  const fulfillmentOrders = byLocation.map((loc, k) => {
    const location = locations.find((x) => x.legacyResourceId === String(loc))!;
    const items = lineItems.filter((l) => l.location === loc);
    const closed = cancelled || kind === 'fulfilledElsewhere';
    const status = closed ? 'CLOSED' : kind === 'onHold' ? 'ON_HOLD' : kind === 'partlyFulfilled' ? 'IN_PROGRESS' : 'OPEN';
    const actions = status === 'CLOSED' ? ACTIONS.closed : status === 'ON_HOLD' ? ACTIONS.held : status === 'IN_PROGRESS' ? ACTIONS.inProgress : ACTIONS.open;
    const foId = number * 10 + k + 1;
    return {
      id: `gid://shopify/FulfillmentOrder/${foId}`,
      orderId: id,
      orderName: `#${number}`,
      status,
      requestStatus: 'UNSUBMITTED',
      createdAt,
      updatedAt: createdAt,
      fulfillAt: createdAt,
      assignedLocation: { name: location.name, address1: location.address.address1, address2: null, city: location.address.city, province: location.address.province, zip: location.address.zip, countryCode: 'RO', phone: location.address.phone, location: { id: location.id, legacyResourceId: location.legacyResourceId } },
      destination: { ...mailing(customerSeed), countryCode: 'RO', email: customerSeed.email },
      lineItems: connection(
        items.map((l, m) => ({
          id: `gid://shopify/FulfillmentOrderLineItem/${foId * 100 + m + 1}`,
          totalQuantity: l.quantity,
          remainingQuantity: l.unfulfilledQuantity,
          sku: l.sku,
          productTitle: l.title,
          variantTitle: l.variantTitle,
          weight: l.weight,
          image: l.image,
          lineItem: { id: l.id, sku: l.sku, name: l.name, quantity: l.quantity },
        })),
      ),
      fulfillmentHolds: status === 'ON_HOLD' ? [{ id: `gid://shopify/FulfillmentHold/${foId}`, reason: hold.reason, reasonNotes: hold.reasonNotes, handle: null, displayReason: hold.reason === 'OTHER' ? 'Other' : hold.reason === 'INCORRECT_ADDRESS' ? 'Incorrect address' : 'Awaiting payment', heldByRequestingApp: false }] : [],
      supportedActions: actions.map((action) => ({ action })),
    };
  });

  const subtotal = lineItems.reduce((s, l) => s + Math.round(Number(l.originalTotalSet.shopMoney.amount) * 100), 0);
  const shipping = subtotal >= 25000 ? 0 : 1999;
  const grams = lineItems.reduce((s, l) => s + l.quantity * (l.weight.unit === 'KILOGRAMS' ? l.weight.value * 1000 : l.weight.value), 0);
  const customer = { id: `gid://shopify/Customer/${7001 + ((i * 7) % CUSTOMER_SEEDS.length)}`, firstName: customerSeed.firstName, lastName: customerSeed.lastName, displayName: `${customerSeed.firstName} ${customerSeed.lastName}`, email: customerSeed.email, phone: customerSeed.phone };
  const cancelledAt = cancelled ? new Date(Math.min(created.getTime() + DAY / 2, today)).toISOString() : null;
  return {
    id,
    legacyResourceId: String(number),
    name: `#${number}`,
    email: customerSeed.email,
    phone: customerSeed.phone,
    createdAt,
    updatedAt: cancelledAt ?? createdAt,
    processedAt: createdAt,
    cancelledAt,
    cancelReason: cancelled ? 'CUSTOMER' : null,
    closed: cancelled,
    closedAt: cancelledAt,
    displayFinancialStatus: cancelled ? (cod ? 'VOIDED' : 'REFUNDED') : cod ? 'PENDING' : 'PAID',
    displayFulfillmentStatus: FULFILLMENT_STATUS[kind],
    paymentGatewayNames: [cod ? 'Cash on Delivery (COD)' : 'shopify_payments'],
    tags: rnd() < 0.25 ? [TAGS[Math.floor(rnd() * TAGS.length)]!] : [],
    note: rnd() < 0.3 ? NOTES[Math.floor(rnd() * NOTES.length)]! : null,
    currencyCode: 'RON',
    customer,
    shippingAddress: mailing(customerSeed),
    billingAddress: mailing(customerSeed),
    subtotalPriceSet: money(subtotal),
    totalShippingPriceSet: money(shipping),
    totalPriceSet: money(subtotal + shipping),
    totalWeight: String(Math.round(grams)),
    lineItems: connection(lineItems.map(({ location: _l, weight: _w, ...l }) => l)),
    fulfillmentOrders: connection(fulfillmentOrders),
    fulfillments: [] as object[],
  };
}

export type SimOrder = ReturnType<typeof buildOrder>;

const cache = new Map<string, { today: number; n: number; built: (SimOrder | undefined)[]; all?: SimOrder[] }>();

/** The shop's generated orders, each built when first asked (cached per shop and day: dates count back from the start of today, UTC). */
function generated(shop: string, now: number) {
  const today = now - (now % DAY);
  const key = `${shop}@${today}`;
  let hit = cache.get(key);
  if (!hit) {
    if (cache.size > 200) cache.clear();
    hit = { today, n: orderCount(shop), built: [] };
    cache.set(key, hit);
  }
  return hit;
}

/** How many orders the shop generates. */
export const generatedCount = (shop: string) => orderCount(shop);

/** The generated order of that index (0 is #1001, the oldest), built once. */
export function orderAt(shop: string, index: number, now = Date.now()): SimOrder | undefined {
  const g = generated(shop, now);
  if (index < 0 || index >= g.n) return undefined;
  return (g.built[index] ??= buildOrder(shop, index, g.n, g.today));
}

/** The shop's generated orders, newest first (all of them: for a filtered read). */
export function orderNodes(shop: string, now = Date.now()): SimOrder[] {
  const g = generated(shop, now);
  return (g.all ??= Array.from({ length: g.n }, (_, i) => orderAt(shop, i, now)!).reverse());
}

/** Kept for the products' count in tests and docs. */
export const PRODUCT_COUNT = PRODUCT_SEEDS.length;
