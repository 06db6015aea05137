import { describe, expect, it } from 'vitest';
import { storePackingMessages as M } from './messages/store-packing.js';
import type { TStoreProduct } from './store-order.js';
import { addPackage, moveLine, packingIssues, quantityError, recalculate, removePackage, reorderLine, setMeasure, setPackingType, type PackingResult } from './store-packing-moves.js';
import { initialPacking, packingContext, packingFromSaved, productsKey, savedPackingOf, ZPacking, type PackingOrderLine, type StorePacking } from './store-packing.js';

const line = (n: number, quantity: number): PackingOrderLine => ({
  fulfillmentOrderLineItemsId: `gid://shopify/FulfillmentOrderLineItem/${n}`,
  legacyVariantId: String(100 + n),
  variantId: `gid://shopify/ProductVariant/${100 + n}`,
  title: `Produs ${n}`,
  quantity,
  image: null,
});
const product = (n: number, weight: number | null, dims?: { width: number; length: number; height: number }): TStoreProduct => ({
  id: `gid://shopify/ProductVariant/${100 + n}`,
  productId: `gid://shopify/Product/${n}`,
  name: `Produs ${n}`,
  sku: `SKU-${n}`,
  weight,
  image: null,
  priceBani: 1000 * n,
  productMutation: dims ? { mutationId: n, product: { dimensions: dims } } : null,
});

const lines = [line(1, 3), line(2, 1), line(3, 2)];
const products = Object.fromEntries([product(1, 0.5, { width: 20, length: 30, height: 4 }), product(2, 2, { width: 40, length: 10, height: 12 }), product(3, null)].map((p) => [p.id, p]));
const ctx = packingContext(lines, products);
const id = (n: number) => lines[n - 1]!.fulfillmentOrderLineItemsId;
const start = () => initialPacking({ lineItems: lines, products });
const ok = (r: PackingResult): StorePacking => {
  if (!r.ok) throw new Error(r.message);
  return r.packing;
};
const P1 = { kind: 'package', packageId: 'p1' } as const;
const POSTPONED = { kind: 'postponed' } as const;

describe('initialPacking', () => {
  it('puts every line in one automatic package: weights summed, the largest sides (10 cm without dimensions)', () => {
    const p = start();
    expect(ZPacking.parse(p)).toEqual(p);
    expect(p.type).toBe('parcel');
    expect(p.packages).toHaveLength(1);
    expect(p.packages[0]).toMatchObject({ id: 'p1', manuallyAdded: false, weight: 3.5, width: 40, length: 30, height: 12 });
    expect(p.packages[0]!.lines).toEqual(lines.map((l) => ({ lineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity })));
    expect(p.postponed).toEqual([]);
    expect(p.content).toBe('Produs 1, Produs 2, Produs 3');
  });

  it("keeps the server's first packing's measures (automatic until a move reaches the package)", () => {
    const server = {
      list: [{ weight: 3.5, width: 10, length: 10, height: 10, metadata: lines.map((l) => ({ product: { id: l.variantId! }, quantity: l.quantity })), manuallyAdded: false, calculatedAutomatically: true }],
      type: 'parcel' as const,
      content: 'Comanda',
      valid: true,
      postponedProducts: [],
    };
    const p = initialPacking({ lineItems: lines, products, packing: server });
    expect(p.packages[0]).toMatchObject({ weight: 3.5, width: 10, length: 10, height: 10, edited: { weight: false } });
    expect(p.content).toBe('Comanda');
    const moved = ok(moveLine(p, ctx, { from: P1, lineItemId: id(2), to: { kind: 'new' } }));
    expect(moved.packages[0]).toMatchObject({ weight: 1.5, width: 20, length: 30, height: 10 });
  });

  it('starts from a saved configuration when it holds these lines, else ignores it', () => {
    const saved = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(3), to: POSTPONED }));
    expect(initialPacking({ lineItems: lines, products }, saved)).toEqual(saved);
    expect(initialPacking({ lineItems: [line(1, 3), line(2, 1), line(3, 5)], products }, saved).postponed).toEqual([]);
  });
});

describe('moves', () => {
  it('moves part of a line into a new package, merging with the same product when it comes back', () => {
    const two = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(1), to: { kind: 'new' }, quantity: 2 }));
    expect(two.packages.map((k) => k.lines)).toEqual([
      [
        { lineItemId: id(1), quantity: 1 },
        { lineItemId: id(2), quantity: 1 },
        { lineItemId: id(3), quantity: 2 },
      ],
      [{ lineItemId: id(1), quantity: 2 }],
    ]);
    expect(two.packages[1]).toMatchObject({ id: 'p2', manuallyAdded: true, weight: 1, width: 20, length: 30, height: 4 });
    expect(two.packages[0]!.weight).toBe(2.5);
    const back = ok(moveLine(two, ctx, { from: { kind: 'package', packageId: 'p2' }, lineItemId: id(1), to: P1 }));
    // p2 is manually added: it stays, empty, until deleted; p1 has the three again in one line.
    expect(back.packages[0]!.lines[0]).toEqual({ lineItemId: id(1), quantity: 3 });
    expect(back.packages[1]!.lines).toEqual([]);
    const one = ok(removePackage(back, ctx, 'p2'));
    expect(one.packages).toHaveLength(1);
    expect(one.packages[0]!.manuallyAdded).toBe(false);
  });

  it('removes an automatic package left empty and makes the only package not manually added', () => {
    const two = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(2), to: { kind: 'new' } }));
    let p = ok(moveLine(two, ctx, { from: P1, lineItemId: id(1), to: { kind: 'package', packageId: 'p2' } }));
    p = ok(moveLine(p, ctx, { from: P1, lineItemId: id(3), to: { kind: 'package', packageId: 'p2' } }));
    expect(p.packages.map((k) => k.id)).toEqual(['p2']);
    expect(p.packages[0]!.manuallyAdded).toBe(false);
  });

  it('postpones and brings back; refuses to postpone the last products', () => {
    let p = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(3), to: POSTPONED, quantity: 1 }));
    expect(p.postponed).toEqual([{ lineItemId: id(3), quantity: 1 }]);
    p = ok(moveLine(p, ctx, { from: P1, lineItemId: id(1), to: POSTPONED }));
    p = ok(moveLine(p, ctx, { from: P1, lineItemId: id(3), to: POSTPONED }));
    expect(p.postponed).toEqual([
      { lineItemId: id(3), quantity: 2 },
      { lineItemId: id(1), quantity: 3 },
    ]);
    expect(moveLine(p, ctx, { from: P1, lineItemId: id(2), to: POSTPONED })).toEqual({ ok: false, message: M.allPostponed });
    p = ok(moveLine(p, ctx, { from: POSTPONED, lineItemId: id(1), to: P1, quantity: 1 }));
    expect(p.packages[0]!.lines).toEqual([
      { lineItemId: id(2), quantity: 1 },
      { lineItemId: id(1), quantity: 1 },
    ]);
    expect(p.packages[0]!.weight).toBe(2.5);
  });

  it('refuses quantities outside 1..line with the dialog messages, and unknown drops', () => {
    expect(moveLine(start(), ctx, { from: P1, lineItemId: id(1), to: POSTPONED, quantity: 4 })).toEqual({ ok: false, message: 'Puteti muta maxim 3 produse!' });
    expect(moveLine(start(), ctx, { from: P1, lineItemId: id(1), to: POSTPONED, quantity: 0 })).toEqual({ ok: false, message: M.quantityMin });
    expect(quantityError(1.5, 3)).toBe(M.quantityMin);
    expect(quantityError(3, 3)).toBeNull();
    expect(moveLine(start(), ctx, { from: P1, lineItemId: 'x', to: POSTPONED })).toEqual({ ok: false, message: M.moveFailed });
    expect(moveLine(start(), ctx, { from: P1, lineItemId: id(1), to: { kind: 'package', packageId: 'p9' } })).toEqual({ ok: false, message: M.moveFailed });
  });

  it('reorders within a package', () => {
    const p = ok(reorderLine(start(), P1, 0, 2));
    expect(p.packages[0]!.lines.map((l) => l.lineItemId)).toEqual([id(2), id(3), id(1)]);
    expect(ok(moveLine(start(), ctx, { from: P1, lineItemId: id(3), to: P1, index: 0 })).packages[0]!.lines[0]!.lineItemId).toBe(id(3));
  });

  it('refuses to delete a package with products', () => {
    const two = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(2), to: { kind: 'new' } }));
    expect(removePackage(two, ctx, 'p2')).toEqual({ ok: false, message: M.deleteNotEmpty });
  });

  it('stops recalculating a package once a measure is typed', () => {
    let p = ok(setMeasure(start(), ctx, 'p1', 'weight', 7));
    expect(p.packages[0]!.edited).toEqual({ weight: true, width: false, length: false, height: false });
    p = ok(moveLine(p, ctx, { from: P1, lineItemId: id(2), to: { kind: 'new' } }));
    expect(p.packages[0]).toMatchObject({ weight: 7, width: 40, length: 30, height: 12 });
    expect(recalculate(p, ctx).packages[0]!.weight).toBe(7);
  });
});

describe('package type', () => {
  const light = () => {
    let p = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(2), to: POSTPONED }));
    p = ok(moveLine(p, ctx, { from: P1, lineItemId: id(3), to: POSTPONED }));
    return ok(moveLine(p, ctx, { from: P1, lineItemId: id(1), to: POSTPONED, quantity: 1 }));
  };

  it('accepts an envelope for one package within the limits', () => {
    const p = ok(setPackingType(light(), ctx, 'envelope'));
    expect(p.packages[0]).toMatchObject({ weight: 1, width: 20, length: 30 });
    // 30 cm long is over the envelope's 25 cm: it stays a parcel, with the notice.
    const r = setPackingType(light(), ctx, 'envelope');
    expect(r).toMatchObject({ ok: true, notice: M.envelopeSwitched });
    expect(ok(r).type).toBe('parcel');
    const fitted = ok(setMeasure(light(), ctx, 'p1', 'length', 25));
    expect(setPackingType(fitted, ctx, 'envelope')).toEqual({ ok: true, packing: { ...fitted, type: 'envelope' } });
  });

  it('switches an envelope back to a parcel when it grows, and refuses it for two packages', () => {
    const env = ok(setPackingType(ok(setMeasure(light(), ctx, 'p1', 'length', 25)), ctx, 'envelope'));
    const heavy = setMeasure(env, ctx, 'p1', 'weight', 1.5);
    expect(heavy).toMatchObject({ ok: true, notice: M.envelopeSwitched });
    expect(ok(heavy).type).toBe('parcel');
    const added = addPackage(env, ctx);
    expect(added).toMatchObject({ ok: true, notice: M.envelopeSwitched });
    expect(setPackingType(ok(added), ctx, 'envelope')).toEqual({ ok: false, message: M.envelopeInvalid });
  });
});

describe('issues and saved configurations', () => {
  it('names empty packages and measures outside the rules', () => {
    const p = ok(addPackage(start(), ctx));
    expect(packingIssues(p)).toEqual([M.emptyPackage(2)]);
    const q = ok(setMeasure(start(), ctx, 'p1', 'height', 2));
    expect(packingIssues(q)).toEqual([M.packageMeasure(1, 'Inaltimea minima este 3 cm!')]);
    expect(packingIssues(start())).toEqual([]);
  });

  it('stores lines by variant and lays them on another order with the same products', () => {
    const p = ok(moveLine(start(), ctx, { from: P1, lineItemId: id(1), to: { kind: 'new' }, quantity: 1 }));
    const saved = savedPackingOf(p, lines);
    expect(saved.packages[1]!.lines).toEqual([{ lineItemId: 'gid://shopify/ProductVariant/101', quantity: 1 }]);
    const other = lines.map((l, i) => ({ ...l, fulfillmentOrderLineItemsId: `other-${i}` }));
    expect(productsKey(other)).toBe(productsKey(lines));
    const laid = packingFromSaved(saved, other)!;
    expect(laid.packages[1]!.lines).toEqual([{ lineItemId: 'other-0', quantity: 1 }]);
    expect(laid.packages[0]!.lines).toEqual([
      { lineItemId: 'other-0', quantity: 2 },
      { lineItemId: 'other-1', quantity: 1 },
      { lineItemId: 'other-2', quantity: 2 },
    ]);
    expect(packingFromSaved(saved, [line(1, 3)])).toBeNull();
    expect(productsKey([line(2, 1), line(1, 3)])).toBe('gid://shopify/ProductVariant/101*3|gid://shopify/ProductVariant/102*1');
  });
});
