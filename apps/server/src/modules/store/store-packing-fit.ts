import { storePackingMessages as M, type TStorePacking, type TStoreProduct } from '@colete/contract';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { dimensionsFor } from './store-mutations.js';
import { productsOf } from './store-order-packing.js';
import type { ShopFulfillmentOrder, ShopOrder } from './store-orders.js';

/*
 * Issue 24 item 5: each package is at least as large as its largest product on every side (spec
 * 001 section 4 "Automatic calculation"). A product fits a package when, both boxes' sides sorted,
 * each of the package's sides is at least the product's (a 30 x 165 x 30 cm carpet fits a
 * 165 x 30 x 30 cm package). A product without saved dimensions is not checked.
 */

type Sides = { width: number; length: number; height: number };
const sorted = (s: Sides) => [s.width, s.length, s.height].sort((a, b) => b - a);

/** True when the product's box goes into the package's (sides compared after sorting each box's). */
export function fitsIn(pkg: Sides, product: Sides): boolean {
  const p = sorted(pkg);
  const q = sorted(product);
  return q.every((side, i) => p[i]! >= side);
}

/** The first package too small for one of its products, in Romanian (null when every package fits). */
export function packingTooSmall(packing: Pick<TStorePacking, 'list'>, products: Record<string, TStoreProduct>): string | null {
  for (const [i, k] of packing.list.entries()) {
    for (const line of k.metadata) {
      const product = products[line.product.id];
      const sides = product?.productMutation?.product.dimensions;
      if (product && sides && !fitsIn(k, sides)) return M.packageTooSmall(i + 1, product.name, `${sides.width} x ${sides.length} x ${sides.height}`);
    }
  }
  return null;
}

/** The fulfillment order's products with the store account's saved dimensions (the server's own, not the request's). */
export async function sizedProductsOf(db: Executor, storeAccountId: number, order: ShopOrder, fo: ShopFulfillmentOrder): Promise<Record<string, TStoreProduct>> {
  const products = productsOf(order, fo);
  const saved = await dimensionsFor(db, storeAccountId, Object.keys(products));
  for (const [id, d] of saved) {
    const p = products[id];
    if (p) products[id] = { ...p, productMutation: { mutationId: d.mutationId, product: { dimensions: { width: d.dimensions.width, length: d.dimensions.length, height: d.dimensions.height } } } };
  }
  return products;
}

/** Refuses (400, naming the product) a packing with a package smaller than one of its products. */
export async function assertPackagesFit(db: Executor, storeAccountId: number, order: ShopOrder, fo: ShopFulfillmentOrder, packing: Pick<TStorePacking, 'list'>) {
  const issue = packingTooSmall(packing, await sizedProductsOf(db, storeAccountId, order, fo));
  if (issue) throw badRequest(issue, 'packageTooSmall', { packing: issue });
}
