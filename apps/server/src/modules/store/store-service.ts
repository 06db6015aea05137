import { STORE_CHECK_MESSAGES, STORE_MOVE_MESSAGES, messages, type StoreCheckCode, type StoreReturnReason, type TNeedsAuthQuery, type TStoreAccount, type TStoreCheckError, type TStoreOrdersFilterFields } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ShopifyAdapter } from '../../integrations/store/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { tokenCipher } from '../../lib/token-cipher.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { accountOf, accountsOfUser, connectedShops, consumeAuthorization, disconnect, insertAuthorization, otherConnected, saveConnected, setToken, type StoreAccountRow } from './store-queries.js';
import { shopOrders, type OrdersPageInput } from './store-orders.js';
import { orderCheckOf } from './store-order-checks.js';
import type { AddressCorrector } from './store-recipient.js';
import { awaitingPage, matchingOrders, platformPage, type ListFilter } from './store-orders-list.js';
import { eraseCopy, startSync } from './store-copy-queries.js';
import { copyReads } from './store-copy-reads.js';
import { shopCopy, shopCopyWanted, syncConnectedShops, type SyncRunOptions } from './store-copy-sync.js';
import { writingApp } from './store-copy-writes.js';
import { storeWebhooks } from './store-webhooks.js';
import { shopFulfillment } from './store-fulfillment.js';
import { MoveClaimBusy, moveClaims } from './store-move-claim.js';

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

type ShopLocation = {
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  address: { address1: string | null; address2?: string | null; city: string | null; provinceCode: string | null; zip: string | null; countryCode: string | null };
};
/** A location an order can be sent from: active, fulfilling online orders, with a whole Romanian address (its shape; the nomenclature is asked next). */
const wholeLocation = (l: ShopLocation) =>
  l.isActive && l.fulfillsOnlineOrders && l.address.countryCode === 'RO' && !!l.address.address1?.trim() && !!l.address.city?.trim() && !!l.address.provinceCode && /^\d{6}$/.test(l.address.zip ?? '');
/** The shop's name, when it connects. */
export const SHOP_NAME_QUERY = 'query ShopName { shop { name } }';
export const LOCATIONS_QUERY = 'query Locations { locations(first: 10) { nodes { name isActive fulfillsOnlineOrders address { address1 address2 city provinceCode zip countryCode } } } }';

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

// `corrector`: the geo module's address correction, which places the shop's locations and its orders' recipients.
export function storeService(deps: { database: Database; app: ShopifyAdapter; tokenKey: Buffer; readiness: ClientReadiness; corrector: AddressCorrector; log?: Pick<FastifyBaseLogger, 'warn' | 'info'> }) {
  const { db } = deps.database;
  const cipher = tokenCipher(deps.tokenKey);
  const failed = (why: string, extra: object = {}): StoreCallbackOutcome => {
    deps.log?.warn({ ...extra, why }, 'store connection failed');
    return { ok: false, reason: 'failed' };
  };
  /** The shop sent the browser back with an error: refused when the merchant declined (access_denied), failed otherwise. */
  const declined = async (signedInUserId: number, query: Record<string, string>): Promise<StoreCallbackOutcome> => {
    const authorization = await consumeAuthorization(db, sha256(query.state!), signedInUserId);
    if (!authorization || authorization.shop !== query.shop) return failed('error redirect with an unknown state', { shop: query.shop });
    return query.error === 'access_denied' ? { ok: false, reason: 'refused' } : failed('consent error', { error: query.error });
  };

  const orders = shopOrders(deps.app);
  const correction = deps.corrector;
  /**
   * Whether one of the locations has an address the nomenclature agrees with: the address correction
   * finds its county, locality, postal code, street and number without an error (corrected spellings are fine).
   */
  async function anyPlaced(locations: ShopLocation[]) {
    for (const { address: a } of locations) {
      const { errors } = await correction.correct({ province: a.provinceCode ?? '', city: a.city ?? '', zip: a.zip ?? '', address1: a.address1 ?? '', address2: a.address2 ?? undefined, countryCode: 'RO' });
      if (errors.length === 0) return true;
    }
    return false;
  }
  const flagsOf = orderCheckOf(deps.corrector);
  const fulfillment = shopFulfillment(writingApp(deps.app, db));
  // The store's copy of each shop (issue 28 §4): kept by the sync job, read by the pages.
  const copy = shopCopy({ db, app: deps.app, corrector: deps.corrector, log: deps.log as FastifyBaseLogger | undefined });
  const reads = copyReads({ db, copy, app: deps.app, wanted: shopCopyWanted, log: deps.log });
  const serially = moveClaims(db);
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
      // An error redirect (the merchant declined; OAuth's access_denied may come unsigned): nothing is connected, the state is spent.
      if (query.error && !query.code) return declined(signedInUserId, query);
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
        const shopInfo = await deps.app.graphql<{ shop: { name: string } }>(authorization.shop, token.accessToken, SHOP_NAME_QUERY);
        name = shopInfo.data.shop.name;
      } catch (err) {
        return failed('code exchange or shop query failed', { err, shop: authorization.shop });
      }
      await db.transaction(async (tx) => {
        const row = await saveConnected(tx, { userId: authorization.clientUserId, shop: authorization.shop, name, scopes: token.scopes });
        await setToken(tx, row.id, cipher.encrypt(token.accessToken, tokenContext(row.id)));
      });
      deps.log?.info({ shop: authorization.shop, clientId: authorization.clientUserId }, 'store connected');
      await startSync(db, authorization.shop);
      shopCopyWanted();
      // The shop's order and fulfillment-order webhooks (a topic already subscribed counts as done): a failure is logged, the store stays connected.
      try {
        const { failed: refused } = await fulfillment.subscribeWebhooks(authorization.shop, token.accessToken, deps.app.webhookUrl);
        if (refused.length) deps.log?.warn({ shop: authorization.shop, refused }, 'store webhooks not subscribed');
      } catch (err) {
        deps.log?.warn({ err, shop: authorization.shop }, 'store webhooks not subscribed');
      }
      return { ok: true };
    },

    /**
     * Disconnects the client's store: the shop is first asked to revoke the app's access (Shopify then
     * uninstalls the app), then the token is deleted and the account stays in the list as disconnected.
     * A shop that cannot be reached is still disconnected here (logged). While another account still
     * has the same shop connected, the access is not revoked (it would cut that account off too).
     */
    async disconnect(clientId: number, id: number) {
      const row = await accountOf(db, clientId, id);
      if (!row) throw notFound(m.notFound);
      if (row.status === 'CONNECTED' && row.accessTokenEnc) {
        if (await otherConnected(db, row.shop, row.id)) {
          deps.log?.info({ shop: row.shop, account: row.id }, 'store disconnected here only: another account still uses the app in this shop');
        } else {
          try {
            const outcome = await deps.app.revokeAccess(row.shop, cipher.decrypt(row.accessTokenEnc, tokenContext(row.id)));
            deps.log?.info({ shop: row.shop, account: row.id, outcome }, 'store access revoked at the shop');
          } catch (err) {
            deps.log?.warn({ err, shop: row.shop, account: row.id }, 'store access not revoked at the shop (disconnected here all the same)');
          }
        }
      }
      await disconnect(db, { id: row.id }, 'user');
      // The copy of a shop no account is connected to any more is erased (it holds the shop's customers' names and addresses).
      if (!(await otherConnected(db, row.shop, row.id))) await eraseCopy(db, row.shop);
    },

    /**
     * check-account-configuration: the store is connected, answers and granted every scope; it has a
     * location an order can leave from (whole, and placed in the nomenclature); the client has active billing data and a way to pay
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
        let locations: ShopLocation[] | null = null;
        try {
          const token = cipher.decrypt(row.accessTokenEnc, tokenContext(row.id));
          locations = (await deps.app.graphql<{ locations: { nodes: ShopLocation[] } }>(row.shop, token, LOCATIONS_QUERY)).data.locations.nodes;
        } catch (err) {
          deps.log?.warn({ err, shop: row.shop }, 'store check: the shop did not answer');
          if (!errors.some((e) => e.code === 'missingScopes')) errors.push(checkError('storeUnreachable'));
        }
        if (locations && !(await anyPlaced(locations.filter(wholeLocation)))) errors.push(checkError('noValidLocation'));
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

    /** The client's connected store (404 for another client's, 400 when disconnected): its row and token, for the order page's reads. */
    async connected(clientId: number, id: number) {
      return connectedAccount(clientId, id);
    },

    /** One order of the client's store with its fulfillment orders, or null when the store has no such order. */
    async order(clientId: number, id: number, orderId: string) {
      const { row, token } = await connectedAccount(clientId, id);
      return orders.one(row.shop, token, orderId);
    },

    /**
     * The orders list (spec 002 section 2.2): the awaiting tab reads the shop by cursor (one order
     * alone with `orderId`, for the row refreshed after its dialog closes); the platform tabs read
     * the shipments made from that store. Another client's store answers 404, a disconnected one 400.
     */
    async ordersList(clientId: number, id: number, filter: ListFilter) {
      const { row, token } = await connectedAccount(clientId, id);
      if (filter.type !== 'AWAITING_ACTIVATION') {
        const live = async (ids: string[]) => (await orders.page(row.shop, token, { first: ids.length, query: ids.map((g) => `id:${/(\d+)$/.exec(g)![1]}`).join(' OR ') })).orders;
        return platformPage(db, { userId: clientId, storeAccountId: row.id }, filter, (ids) => reads.summaries(row.shop, ids, live));
      }
      const legacyId = filter.orderId ? /(\d+)$/.exec(filter.orderId)?.[1] : undefined;
      return reads.awaiting(row.shop, token, filter, () => awaitingPage({ db, storeAccountId: row.id, readPage: (input) => orders.page(row.shop, token, input), flagsOf }, filter, legacyId ? `id:${legacyId}` : undefined));
    },

    /** Issue 24: the awaiting orders matching the list's filters (at most `limit`; `more` when others match too). */
    async matching(clientId: number, id: number, filter: TStoreOrdersFilterFields, limit: number) {
      const { row, token } = await connectedAccount(clientId, id);
      return reads.matching(row.shop, token, filter, limit, () => matchingOrders({ db, storeAccountId: row.id, readPage: (input) => orders.page(row.shop, token, input), flagsOf }, filter, limit));
    },

    /** Issue 24: the shop's warehouses, for the list's filter. */
    async locations(clientId: number, id: number) {
      const { row, token } = await connectedAccount(clientId, id);
      return (await reads.locations(row.shop, token)).map((l) => ({ id: l.id, name: l.name }));
    },

    /** The first backfill's progress of the store's copy (404 for another client's store, 400 when disconnected). */
    async syncProgress(clientId: number, id: number) {
      const { row } = await connectedAccount(clientId, id);
      return reads.progress(row.shop);
    },

    /** The copy's reads for the order page (the same shop connection checked by `connected`). */
    copyReads: reads,

    /** The copy's sync over every connected shop (the job, every minute and when a webhook or a connection nudges it). */
    async syncShops(opts?: SyncRunOptions) {
      const shops = await connectedShops(db);
      return syncConnectedShops(copy, shops.map((row) => ({ shop: row.shop, token: () => cipher.decrypt(row.accessTokenEnc!, tokenContext(row.id)) })), opts);
    },

    /**
     * Moves the store's fulfillment order to another of its locations (fulfillmentOrderMove): 404 when
     * the order is not the shop's, the move's userErrors as a 400. A fulfillment order already at that
     * location (a second click, or a retry) is not moved again: that answers success too.
     */
    async moveFulfillmentOrder(clientId: number, id: number, fulfillmentOrderId: string, locationId: string) {
      const { row, token } = await connectedAccount(clientId, id);
      return serially(`${row.shop}:${fulfillmentOrderId}`, async () => {
        const current = await fulfillment.fulfillmentOrder(row.shop, token, fulfillmentOrderId);
        if (!current) throw notFound(STORE_MOVE_MESSAGES.notFound);
        if (current.location.id === locationId) return { moved: false };
        const result = await fulfillment.move(row.shop, token, fulfillmentOrderId, locationId);
        if (result.userErrors.length) {
          const again = await fulfillment.fulfillmentOrder(row.shop, token, fulfillmentOrderId);
          if (again?.location.id === locationId) return { moved: false };
          deps.log?.warn({ shop: row.shop, fulfillmentOrderId, locationId, userErrors: result.userErrors }, 'store move refused');
          throw badRequest(STORE_MOVE_MESSAGES.failed, 'moveRefused');
        }
        return { moved: true };
      }).catch((err: unknown) => {
        if (!(err instanceof MoveClaimBusy)) throw err;
        deps.log?.warn({ shop: row.shop, fulfillmentOrderId, locationId }, 'store move still claimed by another process');
        throw badRequest(STORE_MOVE_MESSAGES.failed, 'moveBusy');
      });
    },

    /** A verified webhook delivery, processed once (store-webhooks.ts). */
    webhook: storeWebhooks({ db, log: deps.log }),
  };
}

export type StoreService = ReturnType<typeof storeService>;
