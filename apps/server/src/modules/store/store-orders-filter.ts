import type { TStoreOrdersFilterFields } from '@colete/contract';
import type { OrderFlags } from './store-order-checks.js';
import type { ShopOrderSummary } from './store-orders.js';

/*
 * The store orders list's filters (issue 24): what the shop filters itself, in Shopify's search
 * syntax (the order number, a customer's name or e-mail, the warehouse, the tag), and what only the
 * platform knows, applied to each order read (its verdict: needs a fix or ready; cash on delivery,
 * which the platform reads from the payment methods' names however the shop calls them).
 */

/** A text as one quoted term of Shopify's search syntax: quotes, backslashes and the syntax's own characters are dropped. */
const quoted = (text: string) => `"${text.replace(/["'\\():]/g, ' ').replace(/\s+/g, ' ').trim()}"`;

/** An order number as typed ('1092', '#1092'), or null when the text is not one. */
export const orderNumberOf = (search: string) => /^#?\s*(\d{1,12})$/.exec(search.trim())?.[1] ?? null;

/** The shop's part of the filters, in Shopify's search syntax (terms joined by spaces: all must hold). */
export function shopTermsOf(filter: TStoreOrdersFilterFields): string[] {
  const terms: string[] = [];
  const search = filter.search?.trim();
  if (search) {
    const number = orderNumberOf(search);
    // An order number is the order's name; any other text is Shopify's default search (names, e-mail, ...).
    terms.push(number ? `name:#${number}` : quoted(search));
  }
  if (filter.locationId) terms.push(`fulfillment_location_id:${/(\d+)$/.exec(filter.locationId)![1]}`);
  if (filter.tag?.trim()) terms.push(`tag:${quoted(filter.tag)}`);
  return terms;
}

/** Whether the platform's part of the filters keeps the order (its verdict and its payment). */
export function keepsOrder(filter: TStoreOrdersFilterFields, order: Pick<ShopOrderSummary, 'cashOnDelivery'>, flags: OrderFlags) {
  if (filter.needsFix !== undefined && filter.needsFix === flags.readyForActivation) return false;
  if (filter.cashOnDelivery !== undefined && filter.cashOnDelivery !== order.cashOnDelivery) return false;
  return true;
}

/** Whether some filter needs each order's verdict or payment (the shop cannot filter on them). */
export const filtersOnPlatform = (filter: TStoreOrdersFilterFields) => filter.needsFix !== undefined || filter.cashOnDelivery !== undefined;
