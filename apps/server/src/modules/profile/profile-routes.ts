import {
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZProfileResponse,
  ZProfileUpdateRequest,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import { setSessionCookie } from '../auth/index.js';
import type { ProfileService } from './profile-service.js';

export const profileRoutes = (service: ProfileService) => async (app: FastifyInstance) => {
  authenticatedScope(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/user/profile', { schema: { tags: ['profile'], response: { 200: ZProfileResponse } } }, async (req) => ({
    success: true as const,
    profile: await service.getProfile(acting(req).client),
  }));

  r.post(
    '/api/user/profile',
    {
      schema: {
        tags: ['profile'],
        body: ZProfileUpdateRequest,
        response: { 200: ZProfileResponse.extend({ message: z.string() }) },
      },
    },
    async (req) => ({
      success: true as const,
      message: messages.profile.saved,
      profile: await service.updateProfile(acting(req).client, req.body.profile),
    }),
  );

  // Always the signed-in user's own password, even for an admin acting for a client.
  r.post(
    '/api/user/change-password',
    { schema: { tags: ['profile'], body: ZChangePasswordRequest, response: { 200: ZChangePasswordResponse } } },
    async (req, reply) => {
      const user = acting(req).user;
      const session = await service.changePassword(user, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return { success: true as const, message: messages.password.changed, token: session.token };
    },
  );
};
