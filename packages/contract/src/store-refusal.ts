import { STORE_LIST_MESSAGES } from './store-orders-list.js';
import { z } from './zod.js';

/*
 * Issue 24 item 2's tail: a shop that refuses a store fulfillment for good after the AWB exists.
 * The store-fulfillments job stops asking then and records the refusal on the activation; the bulk
 * run's per-order result and the order page say so, and the merchant either cancels the AWB (the
 * shipments module's cancel: the balance refunded once) or retries after releasing the hold in
 * the shop. Each action once: a second click answers 409.
 */

/**
 * Why the shop's fulfillment will not be made by retrying alone: the fulfillment order is on hold,
 * closed or cancelled in the shop, gone, its lines changed (Shopify's userErrors, or the order as
 * read), or the shop kept failing STORE_FULFILLMENT_MAX_ATTEMPTS times.
 */
export const STORE_REFUSAL_KINDS = ['onHold', 'closed', 'cancelled', 'notFound', 'invalidLines', 'attempts'] as const;
export type StoreRefusalKind = (typeof STORE_REFUSAL_KINDS)[number];
/** The job's tries (one a minute) before a shop that keeps failing counts as refusing. */
export const STORE_FULFILLMENT_MAX_ATTEMPTS = 30;

export const ZStoreRefusal = z.object({
  /** The fulfillment order the refusal is about (the actions name it). */
  fulfillmentOrderId: z.string(),
  kind: z.enum(STORE_REFUSAL_KINDS),
  /** The refusal in Romanian, as the page and the run show it. */
  text: z.string(),
  refusedAt: z.string(),
});
export type TStoreRefusal = z.infer<typeof ZStoreRefusal>;

const hold = (h: { reason: string; reasonNotes: string | null } | null) => {
  if (!h) return '';
  const reason = STORE_LIST_MESSAGES.holdReasons[h.reason] ?? STORE_LIST_MESSAGES.holdReasons.OTHER!;
  return ` (${h.reasonNotes ? `${reason}: ${h.reasonNotes}` : reason})`;
};

export const STORE_REFUSAL_MESSAGES = {
  /** The refusal's text: what the shop said, in Romanian. */
  text: (kind: StoreRefusalKind, h: { reason: string; reasonNotes: string | null } | null = null): string =>
    ({
      onHold: `Magazinul refuza actualizarea comenzii: comanda este blocata in Shopify${hold(h)}.`,
      closed: 'Magazinul refuza actualizarea comenzii: aceasta parte este deja inchisa in Shopify.',
      cancelled: 'Magazinul refuza actualizarea comenzii: comanda a fost anulata in Shopify.',
      notFound: 'Magazinul refuza actualizarea comenzii: aceasta parte nu mai exista in Shopify.',
      invalidLines: 'Magazinul refuza actualizarea comenzii: produsele acestei parti s-au schimbat in Shopify.',
      attempts: `Magazinul nu a putut fi actualizat dupa ${STORE_FULFILLMENT_MAX_ATTEMPTS} incercari.`,
    })[kind],
  /** The two ways out, under the refusal. */
  choices: 'AWB-ul a fost emis si platit. Anulati AWB-ul (suma revine in sold) sau eliberati blocarea in Shopify si reincercati.',
  cancelAwb: 'Anuleaza AWB-ul',
  retry: 'Reincearca actualizarea magazinului',
  cancelConfirm: 'AWB-ul va fi anulat la curier, iar suma platita revine in sold. Continuati?',
  cancelled: 'AWB-ul a fost anulat, iar suma a revenit in sold.',
  retried: 'Magazinul a fost actualizat.',
  stillRefused: 'Magazinul refuza in continuare actualizarea comenzii.',
  notPending: 'Aceasta parte a comenzii nu mai asteapta o decizie (AWB-ul a fost deja anulat sau actualizarea reincercata).',
  /** In the bulk run's results. */
  inRun: (orderDisplayName: string, awb: string, text: string) => `Comanda ${orderDisplayName.startsWith('#') ? orderDisplayName : `#${orderDisplayName}`}: AWB ${awb} emis. ${text}`,
  openOrder: 'Deschide comanda',
} as const;

const id = z.string().min(1).max(200);
/** POST order/{clientId}/refusal/cancel-awb and .../refusal/retry: the part of the order refused. */
export const ZStoreRefusalRequest = z.object({ shopifyOrderId: id, shopifyFulfillmentOrderId: id }).strict();
export type TStoreRefusalRequest = z.input<typeof ZStoreRefusalRequest>;
export const ZStoreRefusalResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Retry: whether the shop is up to date now; cancel: false. */
  storeUpdated: z.boolean(),
  /** The refusal still standing (a retry the shop refused again), or null. */
  refusal: ZStoreRefusal.nullable(),
});
export type TStoreRefusalResponse = z.infer<typeof ZStoreRefusalResponse>;
export const storeRefusalPath = (clientId: number, action: 'cancel-awb' | 'retry') => `user/integration/shopify/order/${clientId}/refusal/${action}`;
