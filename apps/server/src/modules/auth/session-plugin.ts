import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadSession, type SessionPolicy } from './sessions.js';

export const SESSION_COOKIE = 'co_session';

export function sessionPolicy(app: FastifyInstance): SessionPolicy {
  const { config } = app.deps;
  return { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.deps.config.cookieSecure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.deps.config.cookieSecure });
}

/** Reads the session cookie of every API request; routes decide whether they need a user. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('acting', null);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api/')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const loaded = await loadSession(app.deps.database.db, token, sessionPolicy(app));
    if (loaded) {
      req.user = loaded.user;
      req.sessionToken = token;
    }
  });
});
