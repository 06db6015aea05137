/**
 * Pieces of the simulator's Admin GraphQL API: the shop's locations, Shopify's cursor paging and
 * the orders' `query` search syntax. The endpoint itself runs on graphql-js (simulator-endpoint.ts,
 * schema in simulator-schema.ts, resolvers in simulator-resolvers.ts, cost in simulator-cost.ts).
 */

// ---------- the shop's data ----------

const LOCATIONS = [
  { id: 1, name: 'Depozit Bucuresti', address1: 'Strada Fabrica de Glucoza 5', city: 'Bucuresti', province: 'Bucuresti', provinceCode: 'B', zip: '020331', phone: '+40722100200', fulfillsOnlineOrders: true },
  { id: 2, name: 'Depozit Cluj', address1: 'Strada Memorandumului 28', city: 'Cluj-Napoca', province: 'Cluj', provinceCode: 'CJ', zip: '400114', phone: '+40722100300', fulfillsOnlineOrders: true },
  { id: 3, name: 'Magazin Iasi', address1: 'Bulevardul Stefan cel Mare si Sfant 10', city: 'Iasi', province: 'Iasi', provinceCode: 'IS', zip: '700064', phone: '+40722100400', fulfillsOnlineOrders: false },
];

export const locationNodes = () =>
  LOCATIONS.map((l) => ({
    id: `gid://shopify/Location/${l.id}`,
    legacyResourceId: String(l.id),
    name: l.name,
    isActive: true,
    fulfillsOnlineOrders: l.fulfillsOnlineOrders,
    address: {
      address1: l.address1,
      address2: null,
      city: l.city,
      province: l.province,
      provinceCode: l.provinceCode,
      zip: l.zip,
      country: 'Romania',
      countryCode: 'RO',
      phone: l.phone,
      formatted: [l.address1, `${l.zip} ${l.city}`, 'Romania'],
    },
  }));

/**
 * Test shops named `name-cod-gresit.myshopify.com`: the two warehouses that fulfil online orders have
 * each other's postal code (Bucuresti 400114, Cluj-Napoca 020331). Six digits, so the shape passes;
 * the nomenclature refuses each city with that code (check-account-configuration's noValidLocation).
 */
export const SIM_WRONG_ZIP_SUFFIX = '-cod-gresit.myshopify.com';
export const shopLocationNodes = (shop: string) => {
  const nodes = locationNodes();
  if (!shop.endsWith(SIM_WRONG_ZIP_SUFFIX)) return nodes;
  const swapped: Record<string, string> = { '020331': '400114', '400114': '020331' };
  return nodes.map((l) => {
    const zip = swapped[l.address.zip] ?? l.address.zip;
    return { ...l, address: { ...l.address, zip, formatted: [l.address.address1, `${zip} ${l.address.city}`, 'Romania'] } };
  });
};

// ---------- paging ----------

const cursorOf = (index: number) => Buffer.from(JSON.stringify({ last_id: index })).toString('base64url');
const indexOf = (cursor: unknown) => {
  if (typeof cursor !== 'string') return -1;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { last_id?: unknown };
    return typeof parsed.last_id === 'number' ? parsed.last_id : -2;
  } catch {
    return -2;
  }
};

/** A connection page over `all`, as Shopify pages: first/after, edges with cursors and pageInfo. */
export function page<T>(all: T[], first: number, after: unknown) {
  const from = after === undefined || after === null ? 0 : indexOf(after) + 1;
  if (from < 0) return null;
  const nodes = all.slice(from, from + first);
  return {
    nodes,
    edges: nodes.map((node, k) => ({ cursor: cursorOf(from + k), node })),
    pageInfo: {
      hasNextPage: from + first < all.length,
      hasPreviousPage: from > 0,
      startCursor: nodes.length ? cursorOf(from) : null,
      endCursor: nodes.length ? cursorOf(from + nodes.length - 1) : null,
    },
  };
}

type Filterable = {
  name: string; createdAt: string; updatedAt?: string; cancelledAt: string | null; closed: boolean; displayFinancialStatus: string; displayFulfillmentStatus: string; tags: string[]; legacyResourceId: string;
  email?: string | null; customer?: { displayName: string; email?: string | null } | null; shippingAddress?: { name?: string | null } | null;
  fulfillmentOrders?: { nodes: { status: string; assignedLocation: { location: { legacyResourceId: string } | null } }[] };
};
/** Shopify's default search (issue 24): every word of a quoted text found in the order's name, e-mail or customer's names, whatever the case. */
const TERM = /\b(?:name|id|status|financial_status|fulfillment_status|fulfillment_location_id|tag):(?:'[^']*'|"[^"]*"|[^\s)]+)/g;
const defaultText = (o: Filterable) => [o.name, o.email, o.customer?.displayName, o.customer?.email, o.shippingAddress?.name].filter(Boolean).join(' ').toLowerCase();

const FULFILLMENT_FILTER: Record<string, string[]> = {
  unfulfilled: ['UNFULFILLED', 'PARTIALLY_FULFILLED', 'ON_HOLD'],
  unshipped: ['UNFULFILLED', 'ON_HOLD'],
  partial: ['PARTIALLY_FULFILLED'],
  shipped: ['FULFILLED'],
  fulfilled: ['FULFILLED'],
  on_hold: ['ON_HOLD'],
};

/**
 * The `query` filter of orders, in Shopify's search syntax (terms joined by spaces or AND):
 * created_at:>=date or updated_at:>=date (and >, <=, <), name:#1001 (or 1001), id:1001, status:open|closed|cancelled|
 * not_closed|any, financial_status:paid|pending|..., fulfillment_status:unfulfilled|unshipped|
 * partial|shipped|fulfilled|on_hold|any, tag:x, fulfillment_location_id:n (a fulfillment order not closed at
 * that location), a "quoted text" (Shopify's default search: name, e-mail, customer). Other terms are ignored, as Shopify ignores unknown terms.
 */
export function filterOrders<T extends Filterable>(orders: T[], query: unknown): T[] {
  if (typeof query !== 'string') return orders;
  // Terms joined by OR: an order any of them keeps, in the orders' own order.
  if (/\sOR\s/.test(query)) {
    const kept = new Set<T>(query.split(/\s+OR\s+/).flatMap((part) => filterOrders(orders, part)));
    return orders.filter((o) => kept.has(o));
  }
  let out = orders;
  for (const m of query.matchAll(/\b(created_at|updated_at):([<>]=?)'?([\d\-T:.Z+]+)'?/g)) {
    const at = Date.parse(m[3]!);
    if (Number.isNaN(at)) continue;
    const op = m[2]!;
    const field = m[1] === 'updated_at' ? 'updatedAt' : 'createdAt';
    out = out.filter((o) => {
      const t = Date.parse(o[field] ?? o.createdAt);
      return op === '>=' ? t >= at : op === '>' ? t > at : op === '<=' ? t <= at : t < at;
    });
  }
  for (const m of query.replace(TERM, ' ').matchAll(/"([^"]*)"/g)) {
    const words = m[1]!.toLowerCase().split(/\s+/).filter(Boolean);
    out = out.filter((o) => words.every((w) => defaultText(o).includes(w)));
  }
  for (const m of query.matchAll(/\b(name|id|status|financial_status|fulfillment_status|fulfillment_location_id|tag):(?:'([^']*)'|"([^"]*)"|([^\s)]+))/g)) {
    const key = m[1]!;
    const value = (m[2] ?? m[3] ?? m[4] ?? '').toLowerCase();
    if (value === 'any' || value === '*') continue;
    out = out.filter((o) => {
      if (key === 'name') return o.name.toLowerCase() === (value.startsWith('#') ? value : `#${value}`);
      if (key === 'id') return o.legacyResourceId === value;
      if (key === 'tag') return o.tags.some((t) => t.toLowerCase() === value);
      if (key === 'fulfillment_location_id') return (o.fulfillmentOrders?.nodes ?? []).some((fo) => fo.status !== 'CLOSED' && fo.assignedLocation.location?.legacyResourceId === value);
      if (key === 'financial_status') return o.displayFinancialStatus.toLowerCase() === value;
      if (key === 'fulfillment_status') return (FULFILLMENT_FILTER[value] ?? [value.toUpperCase()]).includes(o.displayFulfillmentStatus);
      // status: open (not closed, not cancelled), closed, cancelled, not_closed.
      if (value === 'cancelled') return o.cancelledAt !== null;
      if (value === 'closed') return o.closed;
      return !o.closed && o.cancelledAt === null;
    });
  }
  return out;
}
