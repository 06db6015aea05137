import { z } from './zod.js';
import { PACKAGE_LIMITS, PACKAGE_TYPES, type TPackageType } from './package.js';
import type { TAwaitingFulfillmentOrder, TStorePacking, TStoreProduct } from './store-order.js';

/*
 * The package editor's model (issue 14; spec 001 sections 2 "Store product table", 4 "Package drag
 * and drop", "Automatic calculation", "Package type", 5 "Package fields", "Quantity to move", 9).
 * A fulfillment order's products are split into packages (each a list of the order's lines and how
 * many of each) and the lines postponed for a later shipment ('Produse marcate pentru o trimitere
 * ulterioara'). Lines are named by the fulfillment order's line id (fulfillmentOrderLineItemsId);
 * a saved configuration names them by variant instead (savedPackingOf / packingFromSaved).
 * The moves are pure functions in store-packing-moves.ts.
 */

/** Sides of a product without saved dimensions (the first packing's 10 x 10 x 10 cm, decisions "The order page"). */
export const PACKING_DEFAULT_SIDE_CM = 10;
/** How long the envelope notice stays (spec 001 section 9: 7000 ms). */
export const ENVELOPE_NOTICE_MS = 7_000;
/** The type select's options (spec 001 section 2: 'Colet' 2, 'Plic' 1). */
export const PACKING_TYPE_OPTIONS = [
  { type: 'parcel', code: 2, label: 'Colet' },
  { type: 'envelope', code: 1, label: 'Plic' },
] as const satisfies readonly { type: TPackageType; code: number; label: string }[];

export const PACKING_MEASURES = ['weight', 'width', 'length', 'height'] as const;
export type PackingMeasure = (typeof PACKING_MEASURES)[number];

const lineId = z.string().trim().min(1).max(200);
const measure = z.number().finite().min(0).max(100_000);

/** A line of a package or of the postponed list: the order's line and how many of it. */
export const ZPackedLine = z.object({ lineItemId: lineId, quantity: z.number().int().min(1).max(100_000) });
export type PackedLine = z.infer<typeof ZPackedLine>;

/** Which of a package's measures the merchant typed (a package is automatic while none is). */
export const ZPackingEdited = z.object({ weight: z.boolean(), width: z.boolean(), length: z.boolean(), height: z.boolean() });
export type PackingEdited = z.infer<typeof ZPackingEdited>;

/** One package: kilograms and centimetres; manuallyAdded for one the merchant created (it may be empty and be deleted). */
export const ZPackingPackage = z.object({
  id: z.string().trim().min(1).max(40),
  manuallyAdded: z.boolean(),
  weight: measure,
  width: measure,
  length: measure,
  height: measure,
  edited: ZPackingEdited,
  lines: z.array(ZPackedLine).max(500),
});
export type PackingPackage = z.infer<typeof ZPackingPackage>;

/** The whole packing of a fulfillment order: type (Colet / Plic), packages, postponed lines, content ('Continut'). */
export const ZPacking = z.object({
  type: z.enum(PACKAGE_TYPES),
  packages: z.array(ZPackingPackage).min(1).max(PACKAGE_LIMITS.maxPackages),
  postponed: z.array(ZPackedLine).max(500),
  content: z.string().max(100),
});
export type StorePacking = z.infer<typeof ZPacking>;

/** A package is calculated automatically while none of its measures was typed (spec 001 "Automatic calculation"). */
export const isAutomatic = (p: PackingPackage) => !PACKING_MEASURES.some((m) => p.edited[m]);

/** A deep copy (plain data only). */
export const clonePacking = (p: StorePacking): StorePacking => ({
  ...p,
  packages: p.packages.map((k) => ({ ...k, edited: { ...k.edited }, lines: k.lines.map((l) => ({ ...l })) })),
  postponed: p.postponed.map((l) => ({ ...l })),
});

/** A fulfillment order's line as the contract has it. */
export type PackingOrderLine = TAwaitingFulfillmentOrder['lineItems'][number];

/** What the automatic calculation knows of a line's product: kilograms (null unknown) and sides (null: no dimensions). */
export type PackingProduct = { weight: number | null; sides: { width: number; length: number; height: number } | null };
/** The products by the order's line id. */
export type PackingContext = Record<string, PackingProduct>;

/** The order's product of a line: keyed by variant id (the legacy number as a fallback, a line without a variant by its own id). */
export function productOfLine(products: Record<string, TStoreProduct>, line: Pick<PackingOrderLine, 'variantId' | 'legacyVariantId' | 'fulfillmentOrderLineItemsId'>): TStoreProduct | null {
  if (line.variantId && products[line.variantId]) return products[line.variantId]!;
  const legacy = line.legacyVariantId ? `gid://shopify/ProductVariant/${line.legacyVariantId}` : null;
  if (legacy && products[legacy]) return products[legacy]!;
  return products[line.fulfillmentOrderLineItemsId] ?? null;
}

/**
 * The automatic calculation's knowledge of each line: the product's weight and its saved
 * dimensions, or the ones chosen for this order only (`sidesOf`, by product id, over the saved ones).
 */
export function packingContext(
  lines: PackingOrderLine[],
  products: Record<string, TStoreProduct>,
  sidesOf?: (productId: string) => { width: number; length: number; height: number } | null | undefined,
): PackingContext {
  const out: PackingContext = {};
  for (const line of lines) {
    const product = productOfLine(products, line);
    const sides = (product && sidesOf?.(product.id)) ?? product?.productMutation?.product.dimensions ?? null;
    out[line.fulfillmentOrderLineItemsId] = { weight: product?.weight ?? null, sides };
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A package's automatic measures: the weight the sum of product weight x quantity (rounded to
 * 0.01 kg), each side the largest product's side (a product without dimensions counts 10 cm); then
 * raised to the package minimums (0.1 kg, 1 cm, 1 cm, 3 cm).
 */
export function automaticMeasures(lines: PackedLine[], ctx: PackingContext): Record<PackingMeasure, number> {
  let grams = 0;
  let width = 0;
  let length = 0;
  let height = 0;
  for (const l of lines) {
    const p = ctx[l.lineItemId];
    grams += Math.round((p?.weight ?? 0) * 1000) * l.quantity;
    const s = p?.sides ?? { width: PACKING_DEFAULT_SIDE_CM, length: PACKING_DEFAULT_SIDE_CM, height: PACKING_DEFAULT_SIDE_CM };
    width = Math.max(width, s.width);
    length = Math.max(length, s.length);
    height = Math.max(height, s.height);
  }
  if (lines.length === 0) width = length = height = PACKING_DEFAULT_SIDE_CM;
  const L = PACKAGE_LIMITS;
  return {
    weight: Math.max(L.minWeightKg, round2(grams / 1000)),
    width: Math.max(L.minWidthCm, width),
    length: Math.max(L.minLengthCm, length),
    height: Math.max(L.minHeightCm, height),
  };
}

const NOT_EDITED: PackingEdited = { weight: false, width: false, length: false, height: false };

/** A new automatic package with these lines. */
export function newPackage(id: string, lines: PackedLine[], ctx: PackingContext, manuallyAdded: boolean): PackingPackage {
  return { id, manuallyAdded, ...automaticMeasures(lines, ctx), edited: { ...NOT_EDITED }, lines };
}

/** Each line's quantity across the packages and the postponed list. */
export function packedQuantities(p: Pick<StorePacking, 'packages' | 'postponed'>): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of [...p.packages.flatMap((k) => k.lines), ...p.postponed]) out.set(l.lineItemId, (out.get(l.lineItemId) ?? 0) + l.quantity);
  return out;
}

/** True when the packing holds exactly the order's lines and quantities. */
export function matchesLines(p: Pick<StorePacking, 'packages' | 'postponed'>, lines: Pick<PackingOrderLine, 'fulfillmentOrderLineItemsId' | 'quantity'>[]): boolean {
  const packed = packedQuantities(p);
  if (packed.size !== lines.length) return false;
  return lines.every((l) => packed.get(l.fulfillmentOrderLineItemsId) === l.quantity);
}

/**
 * The packing the editor starts with: a saved configuration for these products when given (and it
 * matches the lines), else the server's first packing (its packages keep their measures and are
 * automatic, spec 001 "Automatic calculation"), else one package with every line.
 */
export function initialPacking(fo: { lineItems: PackingOrderLine[]; products: Record<string, TStoreProduct>; packing?: TStorePacking | null }, saved?: StorePacking | null): StorePacking {
  const lines = fo.lineItems.filter((l) => l.quantity > 0);
  if (saved && matchesLines(saved, lines)) return clonePacking(saved);
  const ctx = packingContext(lines, fo.products);
  const content = fo.packing?.content ?? lines.map((l) => l.title).join(', ').slice(0, 100);
  const fromServer = fo.packing ? fromServerPacking(fo.packing, lines, fo.products) : null;
  if (fromServer) return { ...fromServer, content };
  const lineRefs = lines.map((l) => ({ lineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity }));
  return { type: fo.packing?.type ?? 'parcel', packages: [newPackage('p1', lineRefs, ctx, false)], postponed: [], content };
}

/** The server's packing (lines by product id) on the order's lines, or null when it does not hold them exactly. */
function fromServerPacking(packing: TStorePacking, lines: PackingOrderLine[], products: Record<string, TStoreProduct>): StorePacking | null {
  const lineOfProduct = new Map<string, string>();
  for (const l of lines) lineOfProduct.set(productOfLine(products, l)?.id ?? l.fulfillmentOrderLineItemsId, l.fulfillmentOrderLineItemsId);
  const refs = (meta: { product: { id: string }; quantity: number }[]) => meta.map((m) => ({ lineItemId: lineOfProduct.get(m.product.id) ?? '', quantity: m.quantity }));
  const packages: PackingPackage[] = packing.list.map((k, i) => ({
    id: `p${i + 1}`,
    manuallyAdded: packing.list.length > 1 && k.manuallyAdded,
    weight: k.weight,
    width: k.width,
    length: k.length,
    height: k.height,
    edited: k.calculatedAutomatically ? { ...NOT_EDITED } : { weight: true, width: true, length: true, height: true },
    lines: refs(k.metadata),
  }));
  const out: StorePacking = { type: packing.type, packages, postponed: refs(packing.postponedProducts), content: packing.content };
  if (packages.length === 0 || [...out.postponed, ...packages.flatMap((k) => k.lines)].some((l) => !l.lineItemId)) return null;
  return matchesLines(out, lines) ? out : null;
}

/* ---- Saved configurations: the same packing named by variant, for the next order with the same products ---- */

/** The key of a line's product across orders: its variant's global id (a line without one cannot be matched: its title). */
export const variantKeyOf = (line: Pick<PackingOrderLine, 'variantId' | 'legacyVariantId' | 'title'>) =>
  line.variantId ?? (line.legacyVariantId ? `gid://shopify/ProductVariant/${line.legacyVariantId}` : `title:${line.title}`);

/** The products' multiset (variant x quantity, sorted): orders with the same key share a saved configuration. */
export function productsKey(lines: Pick<PackingOrderLine, 'variantId' | 'legacyVariantId' | 'title' | 'quantity'>[]): string {
  const byVariant = new Map<string, number>();
  for (const l of lines) if (l.quantity > 0) byVariant.set(variantKeyOf(l), (byVariant.get(variantKeyOf(l)) ?? 0) + l.quantity);
  return [...byVariant.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([v, q]) => `${v}*${q}`)
    .join('|');
}

/** The packing with each line named by its variant (what is stored). */
export function savedPackingOf(p: StorePacking, lines: PackingOrderLine[]): StorePacking {
  const variantOf = new Map(lines.map((l) => [l.fulfillmentOrderLineItemsId, variantKeyOf(l)]));
  const rename = (ls: PackedLine[]) => mergeLines(ls.map((l) => ({ lineItemId: variantOf.get(l.lineItemId) ?? l.lineItemId, quantity: l.quantity })));
  return { ...p, packages: p.packages.map((k) => ({ ...k, lines: rename(k.lines) })), postponed: rename(p.postponed) };
}

/** A stored packing (lines by variant) on this order's lines, or null when the products differ. */
export function packingFromSaved(saved: StorePacking, lines: PackingOrderLine[]): StorePacking | null {
  const left = new Map(lines.map((l) => [l.fulfillmentOrderLineItemsId, l.quantity]));
  const take = (ls: PackedLine[]): PackedLine[] | null => {
    const out: PackedLine[] = [];
    for (const s of ls) {
      let want = s.quantity;
      for (const l of lines) {
        if (want === 0) break;
        if (variantKeyOf(l) !== s.lineItemId) continue;
        const n = Math.min(want, left.get(l.fulfillmentOrderLineItemsId) ?? 0);
        if (n === 0) continue;
        left.set(l.fulfillmentOrderLineItemsId, (left.get(l.fulfillmentOrderLineItemsId) ?? 0) - n);
        out.push({ lineItemId: l.fulfillmentOrderLineItemsId, quantity: n });
        want -= n;
      }
      if (want > 0) return null;
    }
    return mergeLines(out);
  };
  const packages: PackingPackage[] = [];
  for (const k of saved.packages) {
    const ls = take(k.lines);
    if (!ls) return null;
    packages.push({ ...k, lines: ls });
  }
  const postponed = take(saved.postponed);
  if (!postponed) return null;
  const out = { ...saved, packages, postponed };
  return matchesLines(out, lines) ? out : null;
}

/** Lines of the same order line merged into the first one's place. */
export function mergeLines(lines: PackedLine[]): PackedLine[] {
  const out: PackedLine[] = [];
  for (const l of lines) {
    const same = out.find((o) => o.lineItemId === l.lineItemId);
    if (same) same.quantity += l.quantity;
    else out.push({ ...l });
  }
  return out;
}

/* ---- 'Salveaza configuratie': the PACKING SAVE_OR_UPDATE mutation (spec 002 sections 2.1, 3, 5) ---- */

/** The fulfillment order's mutation entry while a configuration is saved for its products. */
export const PACKING_MUTATION = { type: 'PACKING', operation: 'SAVE_OR_UPDATE' } as const;

/** POST user/integration/shopify/packing-mutation/{clientId}: this fulfillment order's packing, for later orders with the same products. */
export const ZPackingMutationRequest = z.object({
  /** The store order (Shopify's global id) and its fulfillment order: the server reads their lines. */
  orderId: z.string().trim().min(1).max(500),
  fulfillmentOrderId: z.string().trim().min(1).max(500),
  packing: ZPacking,
});
export type TPackingMutationRequest = z.infer<typeof ZPackingMutationRequest>;
/** The answer: the saved configuration's id; `created` false when it replaced the one saved for these products. */
export const ZPackingMutationResponse = z.object({ success: z.literal(true), message: z.string(), created: z.boolean(), mutation: z.object({ mutationId: z.number().int(), productsKey: z.string() }) });
export type TPackingMutationResponse = z.infer<typeof ZPackingMutationResponse>;
export const packingMutationPath = (id: number) => `user/integration/shopify/packing-mutation/${id}`;

/**
 * The packing in the specification's shape (spec 001 section 3 "Packing": lines by product id,
 * calculatedAutomatically, valid), for the offers and activation calls.
 */
export function specPackingOf(p: StorePacking, fo: { lineItems: PackingOrderLine[]; products: Record<string, TStoreProduct> }, valid: boolean): TStorePacking {
  const productId = new Map(fo.lineItems.map((l) => [l.fulfillmentOrderLineItemsId, productOfLine(fo.products, l)?.id ?? l.fulfillmentOrderLineItemsId]));
  const meta = (ls: PackedLine[]) => ls.map((l) => ({ product: { id: productId.get(l.lineItemId) ?? l.lineItemId }, quantity: l.quantity }));
  return {
    list: p.packages.map((k) => ({ weight: k.weight, width: k.width, length: k.length, height: k.height, metadata: meta(k.lines), manuallyAdded: k.manuallyAdded, calculatedAutomatically: isAutomatic(k) })),
    type: p.type,
    content: p.content,
    valid,
    postponedProducts: meta(p.postponed),
  };
}
