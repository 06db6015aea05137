import { ZActingQuery, USER_TYPE, messages } from '@colete/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors.js';
import { findClientAccount } from '../modules/auth/index.js';
import { auditScope } from './audit.js';

/** Reads selectedClient/selectedCompany from the query or the body, before the route's schema strips them. */
function readSelection(req: FastifyRequest) {
  const fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const fromQuery = (req.query ?? {}) as Record<string, unknown>;
  const parsed = ZActingQuery.safeParse({
    selectedClient: fromQuery.selectedClient ?? fromBody.selectedClient ?? undefined,
    selectedCompany: fromQuery.selectedCompany ?? fromBody.selectedCompany ?? undefined,
  });
  if (!parsed.success) throw badRequest();
  return parsed.data;
}

/**
 * The one mechanism by which a request acts for someone: a signed-in user acts for themselves;
 * an admin acts for the client named by selectedClient; anyone else naming another user gets 403.
 */
export async function resolveActing(app: FastifyInstance, req: FastifyRequest) {
  const user = req.user;
  if (!user) throw unauthorized();
  const { selectedClient } = readSelection(req);
  const isAdmin = user.userType === USER_TYPE.admin;
  if (!selectedClient || selectedClient === user.id) {
    req.acting = { user, client: user, isAdminActing: false };
    return;
  }
  if (!isAdmin) throw forbidden();
  const client = await findClientAccount(app.deps.database.db, selectedClient);
  if (!client) throw notFound(messages.profile.clientNotFound);
  req.acting = { user, client, isAdminActing: true };
}

/**
 * Registers the guards on a scope: every route inside needs a session and gets req.acting; what an
 * admin does there for a client (selectedClient) is written in the audit log.
 */
export function authenticatedScope(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => resolveActing(app, req));
  auditScope(app, (req) => req.acting?.isAdminActing === true);
}

/** An admin-only scope: strangers 401, clients 403; every admin call is written in the audit log. */
export function adminScope(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.user) throw unauthorized();
    if (req.user.userType !== USER_TYPE.admin) throw forbidden();
  });
  auditScope(app);
}

/** The acting context of a request inside an authenticated scope. */
export function acting(req: FastifyRequest) {
  if (!req.acting) throw unauthorized();
  return req.acting;
}
