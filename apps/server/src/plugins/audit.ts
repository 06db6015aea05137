import { USER_TYPE } from '@colete/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAuditEntry } from '../db/audit-log.js';
import { existingAccountIds } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What an admin route adds to its audit row: the client it acted for, and what came of it. */
    audit?: { clientId?: number | null; details?: Record<string, unknown> };
  }
}

/** A route's addition to its audit row (the client a payment belongs to, the invoice issued). */
export function auditNote(req: FastifyRequest, note: { clientId?: number | null; details?: Record<string, unknown> }) {
  req.audit = { clientId: note.clientId ?? req.audit?.clientId, details: { ...req.audit?.details, ...note.details } };
}

const MAX_BODY_CHARS = 2_000;
const written = new WeakSet<FastifyRequest>();
/** Reading the log is not an action on anyone: its own reads are not written into it. */
const NOT_LOGGED = new Set(['GET /api/admin/audit-log']);

const positiveInt = (v: unknown) => {
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** A NUL, or half of a surrogate pair without its other half: text PostgreSQL cannot store (jsonb refuses both). */
// eslint-disable-next-line no-control-regex -- the NUL is what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const escapeText = (text: string) => text.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A value the log can store (issue 24: no row is dropped): every string, keys included, with a NUL
 * or a lone surrogate written as its escape ('\\u0000', '\\ud800'), so the row keeps what came.
 */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return escapeText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [escapeText(k), storable(v)]));
  }
  return value;
}

/** The request's data as the log keeps it: path and query parameters, a JSON body when small (an upload's file is not kept). */
function requestDetails(req: FastifyRequest) {
  const details: Record<string, unknown> = {};
  if (req.params && Object.keys(req.params).length) details.params = req.params;
  if (req.query && Object.keys(req.query).length) details.query = req.query;
  const body = req.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const text = JSON.stringify(body);
    details.body = text && text.length <= MAX_BODY_CHARS ? body : { omitted: true };
  }
  return details;
}

/**
 * The admin audit log: every call an admin makes under an admin scope, and every call an admin
 * makes for a client through the client's own routes (selectedClient), writes one row (who, for
 * which client, what, with which data, the answer's status, when), written before the answer
 * leaves so the row exists when the caller reads it. The client is the route's own note (a
 * payment's owner), otherwise the client acted for, otherwise the selectedClient the request
 * names, when it is a real user.
 */
export function auditScope(app: FastifyInstance, logged: (req: FastifyRequest) => boolean = (req) => req.user?.userType === USER_TYPE.admin) {
  app.addHook('onSend', async (req, reply, payload) => {
    const admin = req.user;
    // One row a request, whichever scopes it went through.
    if (!admin || written.has(req) || !logged(req)) return payload;
    written.add(req);
    const action = `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;
    if (NOT_LOGGED.has(action)) return payload;
    const named =
      req.audit?.clientId ??
      (req.acting?.isAdminActing ? req.acting.client.id : null) ??
      positiveInt((req.body as Record<string, unknown> | undefined)?.selectedClient) ??
      positiveInt((req.query as Record<string, unknown> | undefined)?.selectedClient);
    const details = { ...requestDetails(req), ...req.audit?.details };
    try {
      const { db } = app.deps.database;
      // Only an existing user: a mistyped id is kept in the details, not as a broken reference.
      const clientId = named && (await existingAccountIds(db, [named])).has(named) ? named : null;
      await writeAuditEntry(db, {
        adminId: admin.id,
        clientId,
        action: escapeText(action),
        details: storable(details) as Record<string, unknown>,
        statusCode: reply.statusCode,
      });
    } catch (err) {
      req.log.error({ err, action }, 'admin audit log write failed');
    }
    return payload;
  });
}
