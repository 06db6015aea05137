import { automaticMeasures, packingContext, type TAwaitingFulfillmentOrder, type TStoreExtraOptions, type TStorePacking, type TStoreProduct } from '@colete/contract';
import type { ShopFulfillmentOrder, ShopOrder } from './store-orders.js';

/*
 * An awaiting fulfillment order's lines, products and first packing (spec 001 "Product (by id)",
 * "Packing"): every remaining line in one package, its weight the products' weights times their
 * quantities (at least 0.1 kg), each side the largest product's side (issue 24: the products'
 * saved dimensions, productMutation; a product without them counts 10 cm), as the editor's
 * automatic calculation makes it (the contract's automaticMeasures).
 */

const CONTENT_MAX = 100;

const kg = (grams: number) => Math.round(grams) / 1000;

type Line = TAwaitingFulfillmentOrder['lineItems'][number];

/** The fulfillment order's remaining lines, with their variant and picture from the order's line items. */
export function linesOf(order: ShopOrder, fo: ShopFulfillmentOrder): Line[] {
  const byLineItem = new Map(order.lineItems.map((l) => [l.id, l]));
  return fo.lineItems
    .filter((l) => l.remainingQuantity > 0)
    .map((l) => {
      const item = byLineItem.get(l.lineItemId);
      const variantId = item?.variantId ?? null;
      return { fulfillmentOrderLineItemsId: l.id, legacyVariantId: variantId?.split('/').pop() ?? null, variantId, title: l.name, quantity: l.remainingQuantity, image: item?.imageUrl ? { url: item.imageUrl } : null };
    });
}

/** The products of the lines by variant id (a line without a variant is keyed by its own id). */
export function productsOf(order: ShopOrder, fo: ShopFulfillmentOrder): Record<string, TStoreProduct> {
  const byLineItem = new Map(order.lineItems.map((l) => [l.id, l]));
  const out: Record<string, TStoreProduct> = {};
  for (const l of fo.lineItems.filter((x) => x.remainingQuantity > 0)) {
    const item = byLineItem.get(l.lineItemId);
    const id = item?.variantId ?? l.id;
    out[id] = {
      id,
      productId: item?.productId ?? null,
      name: l.name,
      sku: l.sku,
      weight: l.weightGrams === null ? null : kg(l.weightGrams),
      image: item?.imageUrl ? { url: item.imageUrl } : null,
      priceBani: item?.unitPriceBani ?? 0,
      productMutation: null,
    };
  }
  return out;
}

/** One package with every remaining line: the weights summed (at least 0.1 kg), each side its largest product's (10 cm without dimensions). */
export function initialPacking(lines: Line[], products: Record<string, TStoreProduct>): TStorePacking {
  const keyOf = (l: Line) => l.variantId ?? l.fulfillmentOrderLineItemsId;
  const measures = automaticMeasures(
    lines.map((l) => ({ lineItemId: l.fulfillmentOrderLineItemsId, quantity: l.quantity })),
    packingContext(lines, products),
  );
  const content = lines.map((l) => l.title).join(', ');
  return {
    list: lines.length ? [{ ...measures, metadata: lines.map((l) => ({ product: { id: keyOf(l) }, quantity: l.quantity })), manuallyAdded: false, calculatedAutomatically: true }] : [],
    type: 'parcel',
    content: content.length > CONTENT_MAX ? `${content.slice(0, CONTENT_MAX - 3)}...` : content,
    valid: lines.length > 0,
    postponedProducts: [],
  };
}

/** Cash on delivery collects the order's total (repayment on); insurance and the rest start off. */
export function extraOptionsOf(order: ShopOrder): TStoreExtraOptions {
  return {
    insurance: { active: false, amount: 0 },
    repayment: { account: { active: order.cashOnDelivery, amount: order.cashOnDelivery ? order.totalBani : 0 } },
    openAtDelivery: { active: false },
    saturdayDelivery: { active: false },
  };
}
