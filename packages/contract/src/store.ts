import { z } from './zod.js';

/** Contract of the connected online stores (Shopify): the store accounts and the connect flow (issue 13). */

/** CONNECTED while the app is installed and its token held; DISCONNECTED after a disconnect here or an uninstall in the shop. */
export const STORE_STATUSES = ['CONNECTED', 'DISCONNECTED'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** A store account: its id is the specification's `{clientId}` in every store call. */
export const ZStoreAccount = z.object({
  clientId: z.number().int(),
  platform: z.literal('shopify'),
  shop: z.string(),
  name: z.string(),
  status: z.enum(STORE_STATUSES),
  connectedAt: z.string(),
  disconnectedAt: z.string().nullable(),
  /** Why it is disconnected: here ('user') or the app was uninstalled in the shop ('uninstalled'). */
  disconnectReason: z.enum(['user', 'uninstalled']).nullable(),
});
export type TStoreAccount = z.infer<typeof ZStoreAccount>;

/** GET user/integration/shopify/accounts: the list, and whether the shops are the built-in simulator's (with a demo shop to try). */
export const ZStoreAccountsResponse = z.object({
  success: z.literal(true),
  list: z.array(ZStoreAccount),
  simulator: z.boolean(),
  demoShop: z.string().nullable(),
  /** The simulator's app settings page of a shop (where the app is uninstalled): a template with {shop}. */
  simulatorAppsUrl: z.string().nullable(),
});
export type TStoreAccountsResponse = z.infer<typeof ZStoreAccountsResponse>;

/**
 * GET user/integration/shopify/needs-auth?apiClientId= (spec 002 section 7): for a store account,
 * whether it must be authorised again; `shop` instead connects a new store. redirectUrl is the
 * shop's consent page, where the browser goes.
 */
export const ZNeedsAuthQuery = z.object({
  apiClientId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  shop: z.string().trim().max(255).optional(),
});
export type TNeedsAuthQuery = z.input<typeof ZNeedsAuthQuery>;
export const ZNeedsAuthResponse = z.object({ success: z.literal(true), needsAuth: z.boolean(), redirectUrl: z.string().nullable() });
export type TNeedsAuthResponse = z.infer<typeof ZNeedsAuthResponse>;

/** The shop's redirect back: every parameter is signed (hmac), so all are kept as they came. */
export const ZStoreCallbackQuery = z.record(z.string(), z.union([z.string().max(4096), z.array(z.string().max(4096)).max(10)]));

/** The integration page's query after the callback: ?shopify=connected, or ?shopify=error&reason=refused|failed. */
export const STORE_RETURN_PARAM = 'shopify';
export const STORE_RETURN_REASONS = ['refused', 'failed'] as const;
export type StoreReturnReason = (typeof STORE_RETURN_REASONS)[number];
export const STORE_RETURN_PATH = '/profile/integration';
