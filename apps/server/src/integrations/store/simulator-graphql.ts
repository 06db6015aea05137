/**
 * The simulator's Admin GraphQL API: the part of Shopify's schema the platform reads so far (shop,
 * locations, orders with cursor paging and the `query` filter, order and fulfillmentOrder by id,
 * products, webhookSubscriptionCreate, the fulfillment-order mutations of simulator-mutations.ts;
 * the shop's generated data is in simulator-shop-data.ts, what changed in simulator-state.ts), with
 * Shopify's cost block and leaky-bucket throttle. Operations are read at the root only: each root
 * field answers its whole object, so a client that selects fewer fields still finds what it asked.
 */

export type Bucket = { maximumAvailable: number; restoreRate: number };
/** Shopify's Standard plan: 2,000 points, 100 restored a second. */
export const STANDARD_BUCKET: Bucket = { maximumAvailable: 2000, restoreRate: 100 };

type Level = { available: number; at: number };

/** One leaky bucket per shop. */
export function throttle(bucket: Bucket, now: () => number = Date.now) {
  const levels = new Map<string, Level>();
  const read = (shop: string) => {
    const t = now();
    const level = levels.get(shop) ?? { available: bucket.maximumAvailable, at: t };
    level.available = Math.min(bucket.maximumAvailable, level.available + ((t - level.at) / 1000) * bucket.restoreRate);
    level.at = t;
    levels.set(shop, level);
    return level;
  };
  const status = (level: Level) => ({ maximumAvailable: bucket.maximumAvailable, currentlyAvailable: Math.floor(level.available), restoreRate: bucket.restoreRate });
  return {
    maximumAvailable: bucket.maximumAvailable,
    /** Takes the cost when there is room: otherwise nothing, and how long until there is. */
    take(shop: string, cost: number) {
      const level = read(shop);
      if (cost > level.available) {
        const waitSeconds = Math.ceil((cost - level.available) / bucket.restoreRate);
        return { ok: false as const, waitSeconds, throttleStatus: status(level) };
      }
      level.available -= cost;
      return { ok: true as const, throttleStatus: status(level) };
    },
    /** Gives back what was taken but not used (requested minus actual cost). */
    refund(shop: string, points: number) {
      const level = read(shop);
      level.available = Math.min(bucket.maximumAvailable, level.available + points);
      return status(level);
    },
  };
}

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

// ---------- reading an operation ----------

type RootField = { alias: string; name: string; args: string };

/** The root fields of the (single) operation, with their raw argument text. */
export function rootFields(query: string): { kind: 'query' | 'mutation'; fields: RootField[] } | null {
  const text = query.replace(/#[^\n]*/g, '');
  const open = text.indexOf('{');
  if (open < 0) return null;
  const head = text.slice(0, open).trim();
  const kind = head.startsWith('mutation') ? 'mutation' : 'query';
  const fields: RootField[] = [];
  let depth = 0;
  let i = open + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '}') {
      if (depth === 0) return { kind, fields };
      depth -= 1;
      i += 1;
    } else if (c === '{') {
      depth += 1;
      i += 1;
    } else if (depth === 0 && /[A-Za-z_]/.test(c)) {
      const m = /^([A-Za-z_]\w*)(\s*:\s*([A-Za-z_]\w*))?\s*/.exec(text.slice(i))!;
      const alias = m[1]!;
      const name = m[3] ?? m[1]!;
      i += m[0].length;
      let args = '';
      if (text[i] === '(') {
        const close = text.indexOf(')', i);
        if (close < 0) return null;
        args = text.slice(i + 1, close);
        i = close + 1;
      }
      fields.push({ alias, name, args });
    } else {
      i += 1;
    }
  }
  return null;
}

/** One argument's value: a literal, or a variable's. */
export function argument(args: string, name: string, variables: Record<string, unknown>): unknown {
  const m = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|"(?:[^"\\\\]|\\\\.)*"|-?\\d+|true|false|null|[A-Z_]+)`).exec(args);
  if (!m) return undefined;
  const raw = m[1]!;
  if (raw.startsWith('$')) return variables[raw.slice(1)];
  if (raw.startsWith('"')) return JSON.parse(raw) as string;
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw === 'null' ? null : raw;
}

/** Shopify's cost of a connection of `first` nodes: 2 plus one a node. */
export const connectionCost = (first: number) => 2 + first;

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

type Filterable = { name: string; createdAt: string; cancelledAt: string | null; closed: boolean; displayFinancialStatus: string; displayFulfillmentStatus: string; tags: string[]; legacyResourceId: string };

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
 * created_at:>=date (and >, <=, <), name:#1001 (or 1001), id:1001, status:open|closed|cancelled|
 * not_closed|any, financial_status:paid|pending|..., fulfillment_status:unfulfilled|unshipped|
 * partial|shipped|fulfilled|on_hold|any, tag:x. Other terms are ignored, as Shopify ignores unknown terms.
 */
export function filterOrders<T extends Filterable>(orders: T[], query: unknown) {
  if (typeof query !== 'string') return orders;
  let out = orders;
  for (const m of query.matchAll(/created_at:([<>]=?)'?([\d\-T:.Z+]+)'?/g)) {
    const at = Date.parse(m[2]!);
    if (Number.isNaN(at)) continue;
    const op = m[1]!;
    out = out.filter((o) => {
      const t = Date.parse(o.createdAt);
      return op === '>=' ? t >= at : op === '>' ? t > at : op === '<=' ? t <= at : t < at;
    });
  }
  for (const m of query.matchAll(/\b(name|id|status|financial_status|fulfillment_status|tag):(?:'([^']*)'|"([^"]*)"|([^\s)]+))/g)) {
    const key = m[1]!;
    const value = (m[2] ?? m[3] ?? m[4] ?? '').toLowerCase();
    if (value === 'any' || value === '*') continue;
    out = out.filter((o) => {
      if (key === 'name') return o.name.toLowerCase() === (value.startsWith('#') ? value : `#${value}`);
      if (key === 'id') return o.legacyResourceId === value;
      if (key === 'tag') return o.tags.some((t) => t.toLowerCase() === value);
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
