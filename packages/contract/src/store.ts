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

/** What check-account-configuration may find (issue 13: the platform's real checks). */
export const STORE_CHECK_CODES = ['storeDisconnected', 'storeUnreachable', 'missingScopes', 'noValidLocation', 'noActiveBilling', 'noWayToPay'] as const;
export type StoreCheckCode = (typeof STORE_CHECK_CODES)[number];
/** Each check's text (ours: the specification quotes none). */
export const STORE_CHECK_MESSAGES: Record<StoreCheckCode, string> = {
  storeDisconnected: 'Magazinul nu este conectat. Conectati-l din nou din pagina Magazine online.',
  storeUnreachable: 'Magazinul nu raspunde sau nu mai permite accesul aplicatiei. Reconectati magazinul.',
  missingScopes: 'Aplicatia nu are toate permisiunile necesare in magazin. Reconectati magazinul si aprobati toate permisiunile.',
  noValidLocation: 'Magazinul nu are nicio locatie activa cu o adresa valida din Romania (strada si numar, localitate, judet si cod postal care se potrivesc intre ele).',
  noActiveBilling: 'Nu aveti date de facturare active. Adaugati-le din pagina Date facturare.',
  noWayToPay: 'Nu aveti sold in contul preplatit. Alimentati contul sau cereti plata ulterioara (postplatit).',
};
export const ZStoreCheckError = z.object({
  code: z.enum(STORE_CHECK_CODES),
  message: z.string(),
  /** A page that helps fix it (Shopify's help, or the platform's own page), or null. */
  documentationUrl: z.string().nullable(),
  /** The order may still be shown for testing ('Arata pentru testare') despite this error. */
  allowTesting: z.boolean(),
});
export type TStoreCheckError = z.infer<typeof ZStoreCheckError>;
/** GET user/integration/shopify/check-account-configuration/{clientId} (spec 002 section 7): the errors, each with allowTesting. */
export const ZStoreCheckResponse = z.object({ success: z.literal(true), list: z.array(ZStoreCheckError), allowTesting: z.boolean() });
export type TStoreCheckResponse = z.infer<typeof ZStoreCheckResponse>;
