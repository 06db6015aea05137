import '@shopify/shopify-api/adapters/node';
import { createAdminApiClient } from '@shopify/admin-api-client';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, SHOPIFY_WEBHOOK_PATH } from './shopify-app.js';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A refused or failed call to the shop: what happened, for the log (the user sees the platform's own message). */
export class StoreApiError extends Error {
  constructor(
    message: string,
    readonly code: 'throttled' | 'unauthorized' | 'graphql' | 'network' | 'token',
  ) {
    super(message);
    this.name = 'StoreApiError';
  }
}

export type GraphQLAnswer<T> = { data: T; extensions?: { cost?: { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } } } };

/**
 * The platform's Shopify app, built on Shopify's own libraries: @shopify/shopify-api validates the
 * shop name, the callback's hmac and timestamp (90 s) and webhooks' HMAC; @shopify/admin-api-client
 * speaks GraphQL (retrying 429 and 503). The same code talks to a real shop or, with `fetch`
 * pointed at our own server, to the built-in simulator.
 */
export function shopifyAdapter(opts: {
  mode: 'simulator' | 'shopify';
  apiKey: string;
  apiSecret: string;
  /** The browser's way to a shop's consent page: https://{shop} for real shops, the simulator's prefix otherwise. */
  authorizeBase: (shop: string) => string;
  fetch?: FetchLike;
  hostName: string;
  /** How many times a throttled call waits and tries again (beyond the client's own retries). */
  throttleRetries?: number;
  log?: { warn(obj: object, msg: string): void };
}) {
  const shopify = shopifyApi({
    apiKey: opts.apiKey,
    apiSecretKey: opts.apiSecret,
    scopes: [...SHOPIFY_SCOPES],
    hostName: opts.hostName,
    hostScheme: 'https',
    apiVersion: SHOPIFY_API_VERSION as ApiVersion,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error, log: async (_severity, message) => opts.log?.warn({ message }, 'shopify library') },
  });
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  return {
    mode: opts.mode,
    scopes: SHOPIFY_SCOPES as readonly string[],
    /** Where the shop sends our webhooks (subscribed when a store connects). */
    webhookUrl: `https://${opts.hostName}${SHOPIFY_WEBHOOK_PATH}`,

    /** A shop's permanent domain from what the merchant typed ('magazin', 'magazin.myshopify.com', the admin URL), or null. */
    normalizeShop(input: string): string | null {
      const trimmed = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
      const candidate = /^[a-z0-9][a-z0-9-]*$/.test(trimmed) ? `${trimmed}.myshopify.com` : trimmed;
      const clean = shopify.utils.sanitizeShop(candidate, false);
      return clean && clean.endsWith('.myshopify.com') ? clean : null;
    },

    /** The shop's consent page for an offline token, with the app's scopes and our state. */
    authorizeUrl(shop: string, state: string, redirectUri: string) {
      const query = new URLSearchParams({ client_id: opts.apiKey, scope: SHOPIFY_SCOPES.join(','), redirect_uri: redirectUri, state, 'grant_options[]': '' });
      if (opts.mode === 'simulator') query.set('shop', shop);
      return `${opts.authorizeBase(shop)}/admin/oauth/authorize?${query.toString()}`;
    },

    /** The callback's hmac (signed with the app secret) and timestamp (within 90 s): false when either is wrong. */
    async validCallback(query: Record<string, string>) {
      try {
        return await shopify.utils.validateHmac(query);
      } catch {
        // An expired or missing timestamp or hmac: the library throws.
        return false;
      }
    },

    /** POST https://{shop}/admin/oauth/access_token: the code, once, for the shop's offline token. */
    async exchangeCode(shop: string, code: string) {
      let res: Response;
      try {
        res = await doFetch(`https://${shop}/admin/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ client_id: opts.apiKey, client_secret: opts.apiSecret, code }),
        });
      } catch (err) {
        throw new StoreApiError(`token exchange failed: ${(err as Error).message}`, 'network');
      }
      const body = (await res.json().catch(() => null)) as { access_token?: unknown; scope?: unknown; error_description?: unknown } | null;
      if (!res.ok || typeof body?.access_token !== 'string') throw new StoreApiError(`token exchange refused (${res.status}): ${String(body?.error_description ?? '')}`, 'token');
      return { accessToken: body.access_token, scopes: typeof body.scope === 'string' ? body.scope : '' };
    },

    /**
     * DELETE https://{shop}/admin/api_permissions/current.json with the token: the shop revokes the
     * app's access (Shopify uninstalls the app, so every token of the app for that shop stops working).
     * 'revoked' on 200, 'alreadyRevoked' when the shop no longer knows the token (401); anything else throws.
     */
    async revokeAccess(shop: string, accessToken: string): Promise<'revoked' | 'alreadyRevoked'> {
      let res: Response;
      try {
        res = await doFetch(`https://${shop}/admin/api_permissions/current.json`, { method: 'DELETE', headers: { 'x-shopify-access-token': accessToken, accept: 'application/json' } });
      } catch (err) {
        throw new StoreApiError(`revoking the access failed: ${(err as Error).message}`, 'network');
      }
      if (res.ok) return 'revoked';
      if (res.status === 401) return 'alreadyRevoked';
      throw new StoreApiError(`revoking the access was refused (${res.status})`, res.status >= 500 || res.status === 429 ? 'network' : 'token');
    },

    /**
     * One GraphQL operation against the shop. The client retries 429 and 503 itself; a throttled
     * answer that is still refused (or a THROTTLED error in a 200) waits until the bucket has room
     * (from its throttle status, or Retry-After in seconds) and tries again a few times.
     */
    async graphql<T>(shop: string, accessToken: string, query: string, variables?: Record<string, unknown>, call?: { throttleRetries?: number }): Promise<GraphQLAnswer<T>> {
      // A page's own read (issue 28 §4) does not wait for the bucket: `throttleRetries: 0` answers 'throttled' at once.
      const quick = call?.throttleRetries === 0;
      const client = createAdminApiClient({ storeDomain: shop, apiVersion: SHOPIFY_API_VERSION, accessToken, retries: quick ? 0 : 2, customFetchApi: doFetch });
      const attempts = (call?.throttleRetries ?? opts.throttleRetries ?? 3) + 1;
      for (let attempt = 1; ; attempt += 1) {
        const res = await client.request<T>(query, { variables });
        const errors = res.errors;
        const graphQLErrors = (errors?.graphQLErrors ?? []) as { extensions?: { code?: string } }[];
        const throttled = errors?.networkStatusCode === 429 || graphQLErrors.some((e) => e.extensions?.code === 'THROTTLED');
        if (throttled && attempt < attempts) {
          const retryAfter = Number(errors?.response?.headers.get('retry-after'));
          const cost = (res.extensions as GraphQLAnswer<T>['extensions'])?.cost;
          const fromBucket = cost ? ((cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable) / cost.throttleStatus.restoreRate) * 1000 : NaN;
          await sleep(Math.min(10_000, Math.max(50, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : Number.isFinite(fromBucket) ? fromBucket : 1000)));
          continue;
        }
        if (throttled) throw new StoreApiError('throttled', 'throttled');
        if (errors?.networkStatusCode === 401) throw new StoreApiError('the shop refused the access token', 'unauthorized');
        // GraphQL errors (an unknown field, a missing scope, a cost above the limit) are thrown with their codes, for the log.
        if (graphQLErrors.length) throw new StoreApiError(JSON.stringify(graphQLErrors).slice(0, 500), 'graphql');
        if (errors && !res.data) throw new StoreApiError(errors.message ?? 'GraphQL error', errors.networkStatusCode ? 'network' : 'graphql');
        return { data: res.data as T, extensions: res.extensions as GraphQLAnswer<T>['extensions'] };
      }
    },

    /** A webhook's HMAC on the raw body and Shopify's headers: the topic, shop and delivery id when valid. */
    async validateWebhook(rawBody: string, rawRequest: IncomingMessage, rawResponse: ServerResponse) {
      const result = await shopify.webhooks.validate({ rawBody, rawRequest, rawResponse });
      if (!result.valid) return { valid: false as const };
      if (!('topic' in result)) return { valid: false as const };
      return { valid: true as const, topic: String(result.topic), shop: String(result.domain), webhookId: String(result.webhookId) };
    },
  };
}

export type ShopifyAdapter = ReturnType<typeof shopifyAdapter>;
