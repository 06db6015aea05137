import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPackage, moveLine, removePackage, reorderLine, setMeasure, setPackingType, type PackingDrop, type PackingPlace, type PackingResult } from './store-packing-moves.js';
import { initialPacking, packedQuantities, packingContext, type PackingOrderLine, type StorePacking } from './store-packing.js';

/*
 * After any sequence of moves, refused or not: every line keeps its quantity, no package that is not
 * manually added is empty, a lone package is not manually added, no line is split within one place,
 * and an envelope is one package within the envelope's limits.
 */

const lines: PackingOrderLine[] = [1, 2, 3, 4].map((n) => ({
  fulfillmentOrderLineItemsId: `L${n}`,
  legacyVariantId: String(n),
  variantId: `gid://shopify/ProductVariant/${n}`,
  title: `Produs ${n}`,
  quantity: n === 2 ? 1 : n + 1,
  image: null,
}));
const products = Object.fromEntries(
  lines.map((l, i) => [l.variantId!, { id: l.variantId!, productId: null, name: l.title, sku: null, weight: [0.2, 1.5, null, 0.05][i]!, image: null, priceBani: 100, productMutation: i === 2 ? null : { mutationId: i, product: { dimensions: { width: 5 + i, length: 8, height: 2 + i } } } }]),
);
const ctx = packingContext(lines, products);

type Step =
  | { op: 'move'; from: number; line: number; to: number; quantity: number; index: number }
  | { op: 'reorder'; from: number; a: number; b: number }
  | { op: 'add' }
  | { op: 'remove'; pkg: number }
  | { op: 'measure'; pkg: number; m: 'weight' | 'width' | 'length' | 'height'; value: number }
  | { op: 'type'; envelope: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('move' as const), from: fc.nat(6), line: fc.nat(4), to: fc.nat(7), quantity: fc.integer({ min: -1, max: 6 }), index: fc.nat(5) }),
  fc.record({ op: fc.constant('reorder' as const), from: fc.nat(6), a: fc.nat(4), b: fc.nat(4) }),
  fc.constant({ op: 'add' as const }),
  fc.record({ op: fc.constant('remove' as const), pkg: fc.nat(6) }),
  fc.record({ op: fc.constant('measure' as const), pkg: fc.nat(6), m: fc.constantFrom('weight' as const, 'width' as const, 'length' as const, 'height' as const), value: fc.double({ min: 0, max: 40, noNaN: true }) }),
  fc.record({ op: fc.constant('type' as const), envelope: fc.boolean() }),
);

/** A place by number: 0 the postponed list, n the n-th package (an unknown one past the end). */
const place = (p: StorePacking, n: number): PackingPlace => (n === 0 ? { kind: 'postponed' } : { kind: 'package', packageId: p.packages[n - 1]?.id ?? `p${n + 40}` });
const drop = (p: StorePacking, n: number): PackingDrop => (n === 7 ? { kind: 'new' } : place(p, n));

function apply(p: StorePacking, s: Step): PackingResult {
  switch (s.op) {
    case 'move': {
      const from = place(p, s.from);
      const lineItemId = (from.kind === 'postponed' ? p.postponed : (p.packages.find((k) => k.id === from.packageId)?.lines ?? []))[s.line]?.lineItemId ?? 'L9';
      return moveLine(p, ctx, { from, lineItemId, to: drop(p, s.to), quantity: s.quantity < 0 ? undefined : s.quantity, index: s.index });
    }
    case 'reorder':
      return reorderLine(p, place(p, s.from), s.a, s.b);
    case 'add':
      return addPackage(p, ctx);
    case 'remove':
      return removePackage(p, ctx, p.packages[s.pkg]?.id ?? 'none');
    case 'measure':
      return setMeasure(p, ctx, p.packages[s.pkg]?.id ?? 'none', s.m, s.value);
    case 'type':
      return setPackingType(p, ctx, s.envelope ? 'envelope' : 'parcel');
  }
}

describe('package moves (property)', () => {
  it('conserve every quantity and leave no empty automatic package', () => {
    const start = initialPacking({ lineItems: lines, products });
    const total = new Map(lines.map((l) => [l.fulfillmentOrderLineItemsId, l.quantity]));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let p = start;
        for (const s of steps) {
          const before = JSON.stringify(p);
          const r = apply(p, s);
          expect(JSON.stringify(p)).toBe(before); // the given packing is never changed
          if (r.ok) p = r.packing;
          expect(packedQuantities(p)).toEqual(total);
          for (const k of p.packages) {
            expect(k.manuallyAdded || k.lines.length > 0).toBe(true);
            expect(k.lines.every((l) => l.quantity > 0)).toBe(true);
            expect(new Set(k.lines.map((l) => l.lineItemId)).size).toBe(k.lines.length);
          }
          expect(new Set(p.postponed.map((l) => l.lineItemId)).size).toBe(p.postponed.length);
          expect(p.packages.length).toBeGreaterThan(0);
          expect(p.packages.some((k) => k.lines.length > 0)).toBe(true);
          if (p.packages.length === 1) expect(p.packages[0]!.manuallyAdded).toBe(false);
          if (p.type === 'envelope') expect(p.packages).toHaveLength(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
