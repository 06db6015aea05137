import {
  STORE_CHECK_MESSAGES,
  messages,
  type StoreCheckCode,
  type StoreReturnReason,
  type TNeedsAuthQuery,
  type TStoreAccount,
  type TStoreCheckError,
} from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ShopifyAdapter } from '../../integrations/store/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { tokenCipher } from '../../lib/token-cipher.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import {
  accountOf,
  accountsOfUser,
  consumeAuthorization,
  disconnect,
  eraseShop,
  insertAuthorization,
  recordDelivery,
  saveConnected,
  setToken,
  type StoreAccountRow,
} from './store-queries.js';
import { shopOrders, type OrdersPageInput } from './store-orders.js';

/** A consent must come back within 10 minutes (the shop's own redirect carries a 90 s timestamp on top). */
export const STORE_AUTHORIZATION_TTL_MS = 10 * 60_000;
export type StoreCallbackOutcome = { ok: true } | { ok: false; reason: StoreReturnReason };

const m = messages.store;
/** What a sealed token is bound to: its store account. */
const tokenContext = (accountId: number) => `store_accounts:${accountId}:access`;

const toAccount = (row: StoreAccountRow): TStoreAccount => ({
  clientId: row.id,
  platform: 'shopify',
  shop: row.shop,
  name: row.name,
  status: row.status,
  connectedAt: row.connectedAt.toISOString(),
  disconnectedAt: row.disconnectedAt?.toISOString() ?? null,
  disconnectReason: row.disconnectReason,
});

/** What the account check reads of the client outside the store: billing data and the prepaid balance (the composition root gives them). */
export type ClientReadiness = { hasActiveBilling(userId: number): Promise<boolean>; balanceBani(userId: number): Promise<number> };

/** Whether the granted scopes cover the app's (a write scope includes its read scope). */
const missingScopes = (wanted: readonly string[], granted: string) => {
  const have = new Set(granted.split(',').map((s) => s.trim()));
  return wanted.filter((s) => !have.has(s) && !(s.startsWith('read_') && have.has(`write_${s.slice(5)}`)));
};

type ShopLocation = { isActive: boolean; fulfillsOnlineOrders: boolean; address: { address1: string | null; city: string | null; provinceCode: string | null; zip: string | null; countryCode: string | null } };
/** A location an order can be sent from: active, fulfilling online orders, with a whole Romanian address. */
const validLocation = (l: ShopLocation) =>
  l.isActive && l.fulfillsOnlineOrders && l.address.countryCode === 'RO' && !!l.address.address1?.trim() && !!l.address.city?.trim() && !!l.address.provinceCode && /^\d{6}$/.test(l.address.zip ?? '');
const LOCATIONS_QUERY = 'query Locations { locations(first: 10) { nodes { name isActive fulfillsOnlineOrders address { address1 city provinceCode zip countryCode } } } }';

/** Where each check's fix is explained (Shopify's help or the platform's own page), and whether testing stays allowed. */
const CHECKS: Record<StoreCheckCode, { documentationUrl: string | null; allowTesting: boolean }> = {
  storeDisconnected: { documentationUrl: '/profile/integration', allowTesting: false },
  storeUnreachable: { documentationUrl: '/profile/integration', allowTesting: false },
  missingScopes: { documentationUrl: '/profile/integration', allowTesting: false },
  noValidLocation: { documentationUrl: 'https://help.shopify.com/en/manual/locations/setting-up-your-locations', allowTesting: true },
  noActiveBilling: { documentationUrl: '/profile/billing/data/list', allowTesting: true },
  noWayToPay: { documentationUrl: '/profile/prepay', allowTesting: true },
};
const checkError = (code: StoreCheckCode): TStoreCheckError => ({ code, message: STORE_CHECK_MESSAGES[code], ...CHECKS[code] });

export function storeService(deps: { database: Database; app: ShopifyAdapter; tokenKey: Buffer; readiness: ClientReadiness; log?: Pick<FastifyBaseLogger, 'warn' | 'info'> }) {
  const { db } = deps.database;
  const cipher = tokenCipher(deps.tokenKey);
  const failed = (why: string, extra: object = {}): StoreCallbackOutcome => {
    deps.log?.warn({ ...extra, why }, 'store connection failed');
    return { ok: false, reason: 'failed' };
  };

  const orders = shopOrders(deps.app);
  /** The client's connected account and its token: 404 for another client's, the disconnected message when it is not connected. */
  async function connectedAccount(clientId: number, id: number) {
    const row = await accountOf(db, clientId, id);
    if (!row) throw notFound(m.notFound);
    if (row.status !== 'CONNECTED' || !row.accessTokenEnc) throw badRequest(STORE_CHECK_MESSAGES.storeDisconnected, 'storeDisconnected');
    return { row, token: cipher.decrypt(row.accessTokenEnc, tokenContext(row.id)) };
  }

  return {
    mode: deps.app.mode,

    async list(clientId: number) {
      return (await accountsOfUser(db, clientId)).map(toAccount);
    },

    /**
     * needs-auth: a store account of the client needs the consent again when it is disconnected or
     * lacks a scope; `shop` starts connecting a new store. The state (its SHA-256, 10 minutes, single
     * use) binds the consent to the signed-in user, the client and the shop.
     */
    async needsAuth(signedInUserId: number, clientId: number, query: TNeedsAuthQuery, redirectUri: string) {
      let shop: string;
      if (query.apiClientId !== undefined) {
        const row = await accountOf(db, clientId, Number(query.apiClientId));
        if (!row) throw notFound(m.notFound);
        if (row.status === 'CONNECTED' && row.accessTokenEnc && missingScopes(deps.app.scopes, row.scopes).length === 0) return { needsAuth: false, redirectUrl: null };
        shop = row.shop;
      } else {
        const normalized = deps.app.normalizeShop(query.shop ?? '');
        if (!normalized) throw badRequest(m.shopInvalid, 'shopInvalid', { shop: m.shopInvalid });
        shop = normalized;
      }
      const state = newToken();
      await insertAuthorization(db, { stateHash: sha256(state), userId: signedInUserId, clientUserId: clientId, shop, expiresAt: new Date(Date.now() + STORE_AUTHORIZATION_TTL_MS) });
      return { needsAuth: true, redirectUrl: deps.app.authorizeUrl(shop, state, redirectUri) };
    },

    /**
     * The browser is back from the shop: the hmac (the app secret's) and the timestamp (90 s) are
     * checked first, then the state is spent (it must be the signed-in user's, for this shop,
     * unexpired); only then is the code exchanged for the token, which is stored encrypted.
     */
    async callback(signedInUserId: number | null, raw: Record<string, string | string[]>): Promise<StoreCallbackOutcome> {
      if (Object.values(raw).some(Array.isArray)) return failed('repeated parameter');
      const query = raw as Record<string, string>;
      if (!signedInUserId || !query.state || !query.shop) return failed('no session, state or shop');
      if (!(await deps.app.validCallback(query))) return failed('hmac or timestamp refused', { shop: query.shop });
      const authorization = await consumeAuthorization(db, sha256(query.state), signedInUserId);
      if (!authorization) return failed('unknown or spent state, or another user’s');
      if (authorization.expired) return failed('state expired');
      if (authorization.shop !== query.shop) return failed('state issued for another shop', { shop: query.shop });
      if (query.error) return query.error === 'access_denied' ? { ok: false, reason: 'refused' } : failed('consent error', { error: query.error });
      if (!query.code) return failed('no code');

      let token: { accessToken: string; scopes: string };
      let name: string;
      try {
        token = await deps.app.exchangeCode(authorization.shop, query.code);
        const shopInfo = await deps.app.graphql<{ shop: { name: string } }>(authorization.shop, token.accessToken, 'query ShopName { shop { name myshopifyDomain } }');
        name = shopInfo.data.shop.name;
      } catch (err) {
        return failed('code exchange or shop query failed', { err, shop: authorization.shop });
      }
      await db.transaction(async (tx) => {
        const row = await saveConnected(tx, { userId: authorization.clientUserId, shop: authorization.shop, name, scopes: token.scopes });
        await setToken(tx, row.id, cipher.encrypt(token.accessToken, tokenContext(row.id)));
      });
      deps.log?.info({ shop: authorization.shop, clientId: authorization.clientUserId }, 'store connected');
      return { ok: true };
    },

    /** Disconnects the client's store: the token is deleted; the account stays in the list as disconnected. */
    async disconnect(clientId: number, id: number) {
      const row = await accountOf(db, clientId, id);
      if (!row) throw notFound(m.notFound);
      await disconnect(db, { id: row.id }, 'user');
    },

    /**
     * check-account-configuration: the store is connected, answers and granted every scope; it has a
     * location an order can leave from; the client has active billing data and a way to pay
     * (a prepaid balance, or postpaid). Each error has its text, a help page and allowTesting.
     */
    async checkConfiguration(client: { id: number; paymentType: 'prepaid' | 'postpaid' }, id: number) {
      const row = await accountOf(db, client.id, id);
      if (!row) throw notFound(m.notFound);
      const errors: TStoreCheckError[] = [];
      if (row.status !== 'CONNECTED' || !row.accessTokenEnc) {
        errors.push(checkError('storeDisconnected'));
      } else {
        if (missingScopes(deps.app.scopes, row.scopes).length > 0) errors.push(checkError('missingScopes'));
        try {
          const token = cipher.decrypt(row.accessTokenEnc, tokenContext(row.id));
          const answer = await deps.app.graphql<{ locations: { nodes: ShopLocation[] } }>(row.shop, token, LOCATIONS_QUERY);
          if (!answer.data.locations.nodes.some(validLocation)) errors.push(checkError('noValidLocation'));
        } catch (err) {
          deps.log?.warn({ err, shop: row.shop }, 'store check: the shop did not answer');
          if (!errors.some((e) => e.code === 'missingScopes')) errors.push(checkError('storeUnreachable'));
        }
      }
      if (!(await deps.readiness.hasActiveBilling(client.id))) errors.push(checkError('noActiveBilling'));
      if (client.paymentType !== 'postpaid' && (await deps.readiness.balanceBani(client.id)) <= 0) errors.push(checkError('noWayToPay'));
      return { list: errors, allowTesting: errors.every((e) => e.allowTesting) };
    },

    /** The decrypted access token of a connected account (for the store calls), or null. */
    async accessToken(clientId: number, id: number) {
      const row = await accountOf(db, clientId, id);
      if (!row) throw notFound(m.notFound);
      return row.status === 'CONNECTED' && row.accessTokenEnc ? cipher.decrypt(row.accessTokenEnc, tokenContext(row.id)) : null;
    },

    /** A page of the client's store's orders (newest first, by cursor, with Shopify's `query` filter); another client's store answers 404. */
    async orders(clientId: number, id: number, input: OrdersPageInput = {}) {
      const { row, token } = await connectedAccount(clientId, id);
      return orders.page(row.shop, token, input);
    },

    /** One order of the client's store with its fulfillment orders, or null when the store has no such order. */
    async order(clientId: number, id: number, orderId: string) {
      const { row, token } = await connectedAccount(clientId, id);
      return orders.one(row.shop, token, orderId);
    },

    /**
     * A verified webhook delivery, processed once (its X-Shopify-Webhook-Id is recorded in the same
     * transaction): app/uninstalled disconnects the shop's accounts and deletes their tokens;
     * shop/redact erases what is kept of a shop that uninstalled; customers/data_request and
     * customers/redact find nothing (no customer data is stored); other topics are acknowledged.
     */
    async webhook(delivery: { webhookId: string; topic: string; shop: string }) {
      const topic = delivery.topic.toUpperCase().replace(/[/.]/g, '_');
      return db.transaction(async (tx) => {
        if (!(await recordDelivery(tx, { ...delivery, topic }))) return { processed: false };
        if (topic === 'APP_UNINSTALLED') {
          const rows = await disconnect(tx, { shop: delivery.shop }, 'uninstalled');
          deps.log?.info({ shop: delivery.shop, accounts: rows.length }, 'store app uninstalled');
        } else if (topic === 'SHOP_REDACT') {
          const rows = await eraseShop(tx, delivery.shop);
          deps.log?.info({ shop: delivery.shop, accounts: rows.length }, 'store data erased (shop/redact)');
        } else if (topic === 'CUSTOMERS_DATA_REQUEST' || topic === 'CUSTOMERS_REDACT') {
          deps.log?.info({ shop: delivery.shop, topic }, 'compliance request: no customer data is stored');
        }
        return { processed: true };
      });
    },
  };
}

export type StoreService = ReturnType<typeof storeService>;
