import { z } from './zod.js';

/**
 * The dashboard's calls (issue 27): one GET per tile or chart, each for the acting client (an
 * admin names the client with selectedClient), so one slow or failing source never blanks the
 * page. Amounts are integer bani; days 'YYYY-MM-DD' and months 'YYYY-MM' are Bucharest's.
 */

/** The charts' window in days (today included) and the spending chart's in months. */
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_MONTHS = 12;
/** The store tile reads at most this many awaiting orders a store (more: shown as 'N+'). */
export const DASHBOARD_STORE_READ = 50;

export const ZDashboardQuery = z.object({
  /** An admin's chosen client (read by the acting mechanism; a client never needs it). */
  selectedClient: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type TDashboardQuery = z.input<typeof ZDashboardQuery>;

const bani = z.number().int();
const count = z.number().int().nonnegative();
const day = z.iso.date();

/** GET user/dashboard/money: the prepaid balance and what the invoices leave to pay. */
export const ZDashboardMoney = z.object({
  success: z.literal(true),
  paymentType: z.enum(['prepaid', 'postpaid']),
  balance: bani,
  leftToPay: bani,
});
export type TDashboardMoney = z.infer<typeof ZDashboardMoney>;

/** GET user/dashboard/shipments: what needs the client among their shipments (failures over the last DASHBOARD_DAYS days). */
export const ZDashboardAttention = z.object({
  success: z.literal(true),
  /** The window's first day, for the shipments list's link. */
  since: day,
  addressErrors: count,
  returned: count,
  refused: count,
  /** AWB made, not picked up, its estimated pick-up day before today. */
  latePickups: count,
});
export type TDashboardAttention = z.infer<typeof ZDashboardAttention>;

/** GET user/dashboard/store: each connected store's orders awaiting activation (read live from the shop). */
export const ZDashboardStore = z.object({
  success: z.literal(true),
  stores: z.array(
    z.object({
      clientId: z.number().int(),
      shop: z.string(),
      /** Null when the shop did not answer. */
      awaiting: z.number().int().nonnegative().nullable(),
      /** More than DASHBOARD_STORE_READ are waiting. */
      more: z.boolean(),
    }),
  ),
});
export type TDashboardStore = z.infer<typeof ZDashboardStore>;

/** GET user/dashboard/repayments: the next payment (from the repayment settings) and the cash on delivery on its way. */
export const ZDashboardRepayments = z.object({
  success: z.literal(true),
  nextPayDate: z.iso.date().nullable(),
  /** Received by the platform, paid at the next payment. */
  atUs: z.object({ count, amount: bani }),
  /** Delivered: still at the couriers (collected, not yet transferred to the platform). */
  atCourier: z.object({ count, amount: bani }),
});
export type TDashboardRepayments = z.infer<typeof ZDashboardRepayments>;

/** GET user/dashboard/einvoice: received e-invoices not yet looked at and buyers' unread messages. */
export const ZDashboardEInvoice = z.object({
  success: z.literal(true),
  connected: z.boolean(),
  newReceived: count,
  unreadMessages: count,
});
export type TDashboardEInvoice = z.infer<typeof ZDashboardEInvoice>;

/** GET user/dashboard/charts/shipments: shipments activated per day and courier, every day of the window. */
export const ZDashboardShipmentsChart = z.object({
  success: z.literal(true),
  days: z.array(day),
  couriers: z.array(z.object({ id: z.string(), name: z.string(), counts: z.array(count) })),
});
export type TDashboardShipmentsChart = z.infer<typeof ZDashboardShipmentsChart>;

/** GET user/dashboard/charts/cod: cash on delivery collected by couriers versus paid to the client, per day. */
export const ZDashboardCodChart = z.object({
  success: z.literal(true),
  days: z.array(z.object({ day, collected: bani, paid: bani })),
});
export type TDashboardCodChart = z.infer<typeof ZDashboardCodChart>;

/** GET user/dashboard/charts/spending: what the shipments cost per month (net of refunds), the last DASHBOARD_MONTHS months. */
export const ZDashboardSpendingChart = z.object({
  success: z.literal(true),
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: bani })),
});
export type TDashboardSpendingChart = z.infer<typeof ZDashboardSpendingChart>;

/** GET admin/dashboard: the platform's view for an admin without a chosen client. */
export const ZDashboardPlatform = z.object({
  success: z.literal(true),
  clients: count,
  shipmentsToday: count,
  shipments30: count,
  /** Cash on delivery the platform received and has not paid to its clients yet. */
  moneyDue: z.object({ count, amount: bani }),
  /** Open reconciliation flags. */
  flagged: count,
});
export type TDashboardPlatform = z.infer<typeof ZDashboardPlatform>;
