import { ZReferralsInfoRequest, ZReferralsInfoResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { ReferralsService } from './referrals-service.js';

/** The referral stats (spec 002 section 7 "Customers and referrals"), for the acting client. */
export function referralsRoutes(service: ReferralsService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/api/user/referrals-info', { schema: { tags: ['referrals'], body: ZReferralsInfoRequest, response: { 200: ZReferralsInfoResponse } } }, async (req) =>
      service.info(acting(req).client, req.body),
    );
  };
}
