import { FISCAL_ID_TYPE, messages, normalizeCui, type EInvoiceReturnReason, type EInvoiceReturnTarget, type ZEInvoiceCallbackQuery, type ZEInvoicePrepareRequest } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import type { EInvoiceAuth } from '../../integrations/e-invoicing/einvoice-auth.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { findEntity, lockUser, type BillingRow } from '../billing/index.js';
import { tokenCipher, tokenContext } from './einvoice-crypto.js';
import {
  connectionState,
  consumeAuthorization,
  deleteExpiredAuthorizations,
  entityById,
  findConnection,
  insertAuthorization,
  saveConnection,
  updateTokens,
} from './einvoice-queries.js';

/** An access token is renewed when it has less than a week left (it lives 90 days). */
export const REFRESH_AHEAD_MS = 7 * 86_400_000;

/** A consent must come back within 10 minutes. */
export const AUTHORIZATION_TTL_MS = 10 * 60_000;

type PrepareInput = Omit<z.output<typeof ZEInvoicePrepareRequest>, 'returnTo'> & { returnTo?: EInvoiceReturnTarget };
type CallbackQuery = z.output<typeof ZEInvoiceCallbackQuery>;
export type CallbackOutcome = { ok: true } | { ok: false; reason: EInvoiceReturnReason };
const m = messages.einvoice;

/** Only a verified Romanian company (a CUI) can be connected to e-Factura (spec 000 section 4). */
const eligible = (row: BillingRow) =>
  row.isCompany && row.fiscalIdentificationType === FISCAL_ID_TYPE.cif && row.verifyStatus === 'verified' && row.countryCode === 'RO';

export function einvoiceService(deps: { database: Database; auth: EInvoiceAuth; tokenKey: Buffer; log?: Pick<FastifyBaseLogger, 'warn'> }) {
  const { db } = deps.database;
  const cipher = tokenCipher(deps.tokenKey);
  /** One refresh at a time per connection within this process (PGlite's case): each waits for the one before. */
  const queues = new Map<number, Promise<unknown>>();
  const inProcess = <T>(key: number, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return run;
  };
  const failed = (why: string, extra: object = {}): CallbackOutcome => {
    deps.log?.warn({ ...extra, why }, 'e-invoicing connection failed');
    return { ok: false, reason: 'failed' };
  };

  /** The decrypted tokens of a connection (for the e-Factura calls), or null when not connected. */
  async function tokens(billingEntityId: number, executor: Executor = db) {
    const row = await findConnection(executor, billingEntityId);
    if (!row) return null;
    return {
      accessToken: cipher.decrypt(row.accessTokenEnc, tokenContext(billingEntityId, 'access')),
      refreshToken: cipher.decrypt(row.refreshTokenEnc, tokenContext(billingEntityId, 'refresh')),
      accessExpiresAt: row.accessExpiresAt,
      refreshExpiresAt: row.refreshExpiresAt,
    };
  }

  /**
   * The refresh under the connection's advisory lock: the tokens read again once the lock is held,
   * left as they are when `stillFresh` (another caller renewed them meanwhile), else renewed and
   * stored in the same transaction. Answers the access token in force.
   */
  async function renew(billingEntityId: number, stillFresh: (t: { accessExpiresAt: Date }) => boolean) {
    const step = async (executor: Executor) => {
      const current = await tokens(billingEntityId, executor);
      if (!current) throw notFound(messages.billing.notFound);
      if (stillFresh(current)) return current.accessToken;
      const next = await deps.auth.refresh(current.refreshToken);
      await updateTokens(executor, billingEntityId, {
        accessTokenEnc: cipher.encrypt(next.accessToken, tokenContext(billingEntityId, 'access')),
        refreshTokenEnc: cipher.encrypt(next.refreshToken, tokenContext(billingEntityId, 'refresh')),
        accessExpiresAt: next.accessExpiresAt,
        refreshExpiresAt: next.refreshExpiresAt,
      });
      return next.accessToken;
    };
    // Embedded PGlite is one process with one connection: a transaction held across the token call
    // would starve the in-process simulator answering it. One instance, so a lock in memory suffices.
    if (deps.database.kind === 'pglite') return inProcess(billingEntityId, () => step(db));
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('einvoice-token'), ${billingEntityId})`);
      return step(tx);
    });
  }

  /**
   * The browser is back from the consent page. The state must be the signed-in user's, unspent
   * and unexpired; a refusal or a failed exchange changes nothing but spending the state.
   */
  async function connectBack(signedInUserId: number | null, query: CallbackQuery, redirectUri: string, seen: { returnTo: EInvoiceReturnTarget }): Promise<CallbackOutcome> {
    if (!signedInUserId || !query.state) return failed('no session or no state');
    const authorization = await consumeAuthorization(db, sha256(query.state), signedInUserId);
    if (!authorization) return failed('unknown state, or another user’s');
    seen.returnTo = authorization.returnTo;
    if (authorization.expired) return failed('state expired');
    if (query.error) return query.error === 'access_denied' ? { ok: false, reason: 'refused' } : failed('consent page error', { error: query.error });
    if (!query.code) return failed('no code');

    const entityId = authorization.billingEntityId;
    const before = await entityById(db, entityId);
    if (!before || !eligible(before)) return failed('entry gone or no longer eligible', { entityId });
    let issued;
    try {
      issued = await deps.auth.exchangeCode(query.code, redirectUri);
    } catch (err) {
      return failed('code exchange refused', { err, entityId });
    }
    // A token only counts for the fiscal codes its certificate holder may act for: one issued for
    // another company's representative is refused, and nothing is stored.
    try {
      if (!(await deps.auth.actsFor(issued.accessToken, normalizeCui(before.identificationCode)))) {
        return failed('the certificate does not represent the company', { entityId });
      }
    } catch (err) {
      return failed('access check failed', { err, entityId });
    }
    const stored = await db.transaction(async (tx) => {
      // The owner's billing changes are serialised: a delete cannot slip between the check and the save.
      await lockUser(tx, before.userId);
      const row = await entityById(tx, entityId);
      if (!row || row.userId !== before.userId || !eligible(row)) return false;
      await saveConnection(tx, {
        billingEntityId: entityId,
        userId: row.userId,
        accessTokenEnc: cipher.encrypt(issued.accessToken, tokenContext(entityId, 'access')),
        refreshTokenEnc: cipher.encrypt(issued.refreshToken, tokenContext(entityId, 'refresh')),
        accessExpiresAt: issued.accessExpiresAt,
        refreshExpiresAt: issued.refreshExpiresAt,
      });
      return true;
    });
    return stored ? { ok: true } : failed('entry changed during the consent', { entityId });
  }

  return {
    /** 'Actualizeaza conexiune': the tokens refreshed now (a new refresh token, a year more), under the connection's lock. */
    refreshNow: (billingEntityId: number) => renew(billingEntityId, () => false),

    /**
     * Starts a consent for the acting client's entry: a random state (kept as its SHA-256, bound to
     * the signed-in user, 10 minutes) and the consent page's address for the browser.
     */
    async prepare(signedInUserId: number, clientId: number, input: PrepareInput, redirectUri: string) {
      const row = await findEntity(db, clientId, input.fiscalSubaccountNumber);
      if (!row) throw notFound(messages.billing.notFound);
      if (!eligible(row)) throw badRequest(m.onlyVerifiedCompany, 'notEligible');
      if (normalizeCui(row.identificationCode) !== input.identificationCode) {
        throw badRequest(m.codeMismatch, 'codeMismatch', { identificationCode: m.codeMismatch });
      }
      if ((await connectionState(db, row.id)) === 'ACTIVE') throw conflict(m.alreadyConnected, 'alreadyConnected');
      const state = newToken();
      await deleteExpiredAuthorizations(db);
      await insertAuthorization(db, {
        stateHash: sha256(state),
        userId: signedInUserId,
        billingEntityId: row.id,
        expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
        returnTo: input.returnTo ?? 'billing',
      });
      return deps.auth.authorizeUrl(state, redirectUri);
    },

    /** The browser is back from the consent page: the outcome, and the page the user started from (the billing list unless the state says otherwise). */
    async callback(signedInUserId: number | null, query: CallbackQuery, redirectUri: string): Promise<CallbackOutcome & { returnTo: EInvoiceReturnTarget }> {
      const seen = { returnTo: 'billing' as EInvoiceReturnTarget };
      return { ...(await connectBack(signedInUserId, query, redirectUri, seen)), returnTo: seen.returnTo };
    },

    tokens,

    /**
     * An access token valid for at least REFRESH_AHEAD_MS more (issue 25): refreshed first when it is
     * not. The refresh runs under the connection's lock (any instance): a second caller waits, then
     * finds the new pair and does not refresh again. The new access and refresh tokens are stored in
     * the refresh's transaction; a refused refresh leaves the old ones.
     */
    async accessToken(billingEntityId: number, now = new Date()) {
      const fresh = (t: { accessExpiresAt: Date }) => t.accessExpiresAt.getTime() - now.getTime() > REFRESH_AHEAD_MS;
      const current = await tokens(billingEntityId);
      if (!current) throw notFound(messages.billing.notFound);
      return fresh(current) ? current.accessToken : renew(billingEntityId, fresh);
    },

    /** Renews a connection's tokens now: the answer carries a new refresh token too, and both are stored. */
    async refresh(billingEntityId: number) {
      await renew(billingEntityId, () => false);
    },
  };
}

export type EInvoiceService = ReturnType<typeof einvoiceService>;
