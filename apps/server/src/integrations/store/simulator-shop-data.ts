/**
 * The simulated shop's data: products with variants, customers, and orders with their line items
 * and fulfillment orders, in Shopify's Admin GraphQL shapes (2026-01 names). Generated, not stored:
 * a seeded PRNG (from the shop's domain) makes every shop's data the same at every start, so tests
 * can rely on it. The demo shop (colete-demo) has a few months of orders; any other test shop a dozen.
 */
import { seededRandom } from '../../lib/seeded-random.js';
import { SIM_DEMO_SHOP } from './shopify-app.js';

/** The shop's deterministic generator (mulberry32). */
export const prng = seededRandom;
const seedOf = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

const money = (bani: number) => ({ shopMoney: { amount: (bani / 100).toFixed(2), currencyCode: 'RON' } });

/** A small product picture: an inline SVG (a coloured tile with the product's initials). */
const picture = (title: string, color: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${color}"/><text x="32" y="40" font-size="22" text-anchor="middle" fill="#fff" font-family="sans-serif">${title.slice(0, 2).toUpperCase()}</text></svg>`)}`;

type VariantSeed = { title: string; sku: string; bani: number; weight: number; unit: 'GRAMS' | 'KILOGRAMS' };
/** `locations`: where it is stocked (1 Bucuresti, 2 Cluj); Cluj does not stock everything. */
type ProductSeed = { title: string; type: string; color: string; locations: number[]; variants: VariantSeed[] };

const PRODUCTS: ProductSeed[] = [
  { title: 'Cana ceramica', type: 'Bucatarie', color: '#8d6e63', locations: [1, 2], variants: [{ title: 'Alba', sku: 'CANA-ALB', bani: 3990, weight: 350, unit: 'GRAMS' }, { title: 'Albastra', sku: 'CANA-ALS', bani: 3990, weight: 350, unit: 'GRAMS' }] },
  { title: 'Tricou bumbac', type: 'Imbracaminte', color: '#1e88e5', locations: [1, 2], variants: [{ title: 'M', sku: 'TRI-M', bani: 7900, weight: 180, unit: 'GRAMS' }, { title: 'L', sku: 'TRI-L', bani: 7900, weight: 200, unit: 'GRAMS' }, { title: 'XL', sku: 'TRI-XL', bani: 8400, weight: 220, unit: 'GRAMS' }] },
  { title: 'Lampa de birou', type: 'Iluminat', color: '#fbc02d', locations: [1], variants: [{ title: 'Default Title', sku: 'LAMPA-01', bani: 18990, weight: 1.4, unit: 'KILOGRAMS' }] },
  { title: 'Set cutite', type: 'Bucatarie', color: '#546e7a', locations: [1], variants: [{ title: 'Default Title', sku: 'CUTITE-5', bani: 24900, weight: 1.1, unit: 'KILOGRAMS' }] },
  { title: 'Perna decorativa', type: 'Casa', color: '#ab47bc', locations: [1, 2], variants: [{ title: 'Gri', sku: 'PERNA-GRI', bani: 5990, weight: 400, unit: 'GRAMS' }, { title: 'Verde', sku: 'PERNA-VRD', bani: 5990, weight: 400, unit: 'GRAMS' }] },
  { title: 'Rucsac oras', type: 'Accesorii', color: '#43a047', locations: [2], variants: [{ title: 'Negru', sku: 'RUC-NGR', bani: 21900, weight: 850, unit: 'GRAMS' }] },
  { title: 'Miere de salcam 500 g', type: 'Alimente', color: '#ffa000', locations: [2], variants: [{ title: 'Default Title', sku: 'MIERE-500', bani: 3500, weight: 650, unit: 'GRAMS' }] },
  { title: 'Covor living', type: 'Casa', color: '#6d4c41', locations: [1], variants: [{ title: '160x230', sku: 'COVOR-160', bani: 59900, weight: 9.5, unit: 'KILOGRAMS' }, { title: '200x290', sku: 'COVOR-200', bani: 89900, weight: 14, unit: 'KILOGRAMS' }] },
];

export function productNodes() {
  return PRODUCTS.map((p, i) => {
    const id = 9000 + i + 1;
    const image = { id: `gid://shopify/ProductImage/${id}`, url: picture(p.title, p.color), altText: p.title };
    const variants = p.variants.map((v, k) => ({
      id: `gid://shopify/ProductVariant/${id * 10 + k + 1}`,
      legacyResourceId: String(id * 10 + k + 1),
      title: v.title,
      displayName: v.title === 'Default Title' ? p.title : `${p.title} - ${v.title}`,
      sku: v.sku,
      price: (v.bani / 100).toFixed(2),
      barcode: null,
      image,
      inventoryItem: { id: `gid://shopify/InventoryItem/${id * 10 + k + 1}`, requiresShipping: true, measurement: { id: `gid://shopify/InventoryItemMeasurement/${id * 10 + k + 1}`, weight: { unit: v.unit, value: v.weight } } },
    }));
    return {
      id: `gid://shopify/Product/${id}`,
      legacyResourceId: String(id),
      title: p.title,
      handle: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      status: 'ACTIVE',
      vendor: 'Colete Demo',
      productType: p.type,
      featuredImage: image,
      variants: { nodes: variants, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } },
      /** Not Shopify's: where it is stocked (kept out of answers). */
      stockedAt: p.locations,
    };
  });
}

type Address = { firstName: string; lastName: string; address1: string; address2: string | null; city: string; province: string; provinceCode: string | null; zip: string; phone: string };
/** Customers and their addresses; the last six need correcting (the order page's address correction). */
const CUSTOMERS: (Address & { email: string })[] = [
  { firstName: 'Andreea', lastName: 'Popa', address1: 'Strada Lipscani 12', address2: null, city: 'București', province: 'București', provinceCode: 'B', zip: '030031', phone: '+40722111001', email: 'andreea.popa@exemplu.ro' },
  { firstName: 'Mihai', lastName: 'Ionescu', address1: 'Bulevardul Eroilor 21', address2: 'Bl. A2, Ap. 14', city: 'Cluj-Napoca', province: 'Cluj', provinceCode: 'CJ', zip: '400129', phone: '+40722111002', email: 'mihai.ionescu@exemplu.ro' },
  { firstName: 'Elena', lastName: 'Stan', address1: 'Strada Republicii 7', address2: null, city: 'Brașov', province: 'Brașov', provinceCode: 'BV', zip: '500030', phone: '+40722111003', email: 'elena.stan@exemplu.ro' },
  { firstName: 'Radu', lastName: 'Marin', address1: 'Bulevardul Revoluției 1989 nr. 5', address2: null, city: 'Timișoara', province: 'Timiș', provinceCode: 'TM', zip: '300034', phone: '+40722111004', email: 'radu.marin@exemplu.ro' },
  { firstName: 'Ioana', lastName: 'Dumitru', address1: 'Strada Ștefan cel Mare 40', address2: null, city: 'Iași', province: 'Iași', provinceCode: 'IS', zip: '700028', phone: '+40722111005', email: 'ioana.dumitru@exemplu.ro' },
  { firstName: 'Cristian', lastName: 'Florea', address1: 'Bulevardul Tomis 110', address2: 'Ap. 3', city: 'Constanța', province: 'Constanța', provinceCode: 'CT', zip: '900178', phone: '+40722111006', email: 'cristian.florea@exemplu.ro' },
  // A wrong postal code (Timisoara's, for Brasov).
  { firstName: 'Vlad', lastName: 'Georgescu', address1: 'Strada Lungă 150', address2: null, city: 'Brașov', province: 'Brașov', provinceCode: 'BV', zip: '300001', phone: '+40722111007', email: 'vlad.georgescu@exemplu.ro' },
  // No street number.
  { firstName: 'Maria', lastName: 'Constantin', address1: 'Strada Avram Iancu', address2: null, city: 'Sibiu', province: 'Sibiu', provinceCode: 'SB', zip: '550011', phone: '+40722111008', email: 'maria.constantin@exemplu.ro' },
  // A city without diacritics.
  { firstName: 'Sorin', lastName: 'Lazar', address1: 'Strada Gheorghe Doja 9', address2: null, city: 'Targu Mures', province: 'Mureș', provinceCode: 'MS', zip: '540015', phone: '+40722111009', email: 'sorin.lazar@exemplu.ro' },
  // "Sector 3" as the city.
  { firstName: 'Alina', lastName: 'Dobre', address1: 'Strada Lucrețiu Pătrășcanu 14', address2: 'Bl. M3, Sc. 1, Ap. 22', city: 'Sector 3', province: 'București', provinceCode: 'B', zip: '031513', phone: '+40722111010', email: 'alina.dobre@exemplu.ro' },
  // The county written in full, without a code.
  { firstName: 'George', lastName: 'Tudor', address1: 'Strada Republicii 20', address2: null, city: 'Ploiești', province: 'Judetul Prahova', provinceCode: null, zip: '100066', phone: '+40722111011', email: 'george.tudor@exemplu.ro' },
  { firstName: 'Diana', lastName: 'Niculescu', address1: 'Calea Victoriei 155', address2: null, city: 'Bucuresti', province: 'Bucuresti', provinceCode: 'B', zip: '010073', phone: '+40722111012', email: 'diana.niculescu@exemplu.ro' },
];

const mailing = (a: Address) => ({ ...a, name: `${a.firstName} ${a.lastName}`, company: null, country: 'Romania', countryCodeV2: 'RO' });

export const customerNodes = () =>
  CUSTOMERS.map((c, i) => ({ id: `gid://shopify/Customer/${7001 + i}`, firstName: c.firstName, lastName: c.lastName, displayName: `${c.firstName} ${c.lastName}`, email: c.email, phone: c.phone, defaultAddress: mailing(c) }));

/** What happens to an order, cycled over the orders (the rest of each order comes from the PRNG). */
export const ORDER_KINDS = ['open', 'multiLocation', 'open', 'onHold', 'partlyFulfilled', 'open', 'fulfilledElsewhere', 'cancelled', 'open', 'multiLocation'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

const HOLDS = [
  { reason: 'OTHER', reasonNotes: 'Clientul a cerut livrarea dupa data de 15.' },
  { reason: 'INCORRECT_ADDRESS', reasonNotes: 'Adresa de livrare nu are numarul strazii; asteptam confirmarea clientului.' },
  { reason: 'AWAITING_PAYMENT', reasonNotes: 'Plata prin ordin de plata nu a fost inca primita.' },
];
const LOCATION_NAMES: Record<number, string> = { 1: 'Depozit Bucuresti', 2: 'Depozit Cluj' };
const ACTIONS = { open: ['CREATE_FULFILLMENT', 'MOVE', 'HOLD', 'SPLIT'], held: ['RELEASE_HOLD', 'HOLD', 'MOVE'], inProgress: ['CREATE_FULFILLMENT', 'HOLD'], closed: [] as string[] };

/** How many orders a shop has (numbered from #1001). */
export const orderCount = (shop: string) => (shop === SIM_DEMO_SHOP ? 96 : shop === SIM_BENCH_SHOP ? 10_000 : 12);
/** The bench's shop: 10,000 orders, built as they are read. */
export const SIM_BENCH_SHOP = 'bench-10k.myshopify.com';
const DAY = 86_400_000;

export { PRODUCTS as PRODUCT_SEEDS, CUSTOMERS as CUSTOMER_SEEDS, HOLDS, LOCATION_NAMES, ACTIONS, DAY, money, mailing, seedOf };
