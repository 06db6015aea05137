import { ZAuthResponse, ZLoginRequest, ZRegisterRequest, ZSuccessResponse, messages } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, setSessionCookie } from './session-plugin.js';
import { toSessionUser, type AuthService } from './auth-service.js';

export const authRoutes = (service: AuthService) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      const { user, session, referral } = await service.register(req.body, meta(req));
      setSessionCookie(app, reply, session.token, session.expiresAt);
      const message = referral?.outcome === 'recorded' ? messages.referrals.registeredWithReferral : messages.auth.registered;
      return { success: true as const, user: toSessionUser(user), message, ...(referral ? { referral: referral.outcome, warning: referral.warning } : {}) };
    },
  );

  r.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: ZSuccessResponse } } }, async (req, reply) => {
    await service.logout(req.sessionToken);
    clearSessionCookie(app, reply);
    return { success: true as const, message: messages.auth.loggedOut };
  });

  r.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: ZAuthResponse } } }, async (req) => {
    const user = service.requireUser(req.user);
    return { success: true as const, user: toSessionUser(user) };
  });
};
