import { ZAuthResponse, ZLoginRequest, ZRegisterRequest, ZSuccessResponse, messages } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, sessionPolicy, setSessionCookie } from '../../plugins/session.js';
import { authService, toSessionUser } from './auth-service.js';
import { deleteSession } from './sessions.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = authService({ database: app.deps.database, policy: sessionPolicy(app) });
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  r.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZAuthResponse } } },
    async (req, reply) => {
      const { user, session } = await service.login(req.body, meta(req));
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return { success: true as const, user: toSessionUser(user) };
    },
  );

  r.post(
    '/api/auth/register',
    { schema: { tags: ['auth'], body: ZRegisterRequest, response: { 200: ZAuthResponse } } },
    async (req, reply) => {
      const { user, session } = await service.register(req.body, meta(req));
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return { success: true as const, user: toSessionUser(user), message: messages.auth.registered };
    },
  );

  r.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: ZSuccessResponse } } }, async (req, reply) => {
    if (req.sessionToken) await deleteSession(app.deps.database.db, req.sessionToken);
    clearSessionCookie(app, reply);
    return { success: true as const, message: messages.auth.loggedOut };
  });

  r.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: ZAuthResponse } } }, async (req) => {
    const user = service.requireUser(req.user);
    return { success: true as const, user: toSessionUser(user) };
  });
}
