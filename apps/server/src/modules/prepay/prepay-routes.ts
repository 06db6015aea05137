import { ZBalanceResponse, ZPaymentResponse, ZTopUpRequest, ZTopUpResponse } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leiToBani } from '../../lib/money.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { PrepayService } from './prepay-service.js';

/** The prepaid balance and card top-ups (spec 000: prepay, after-payment/{identifier}). */
export function prepayRoutes(service: PrepayService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['prepay'];

    r.get('/api/user/prepay/balance', { schema: { tags, response: { 200: ZBalanceResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.balance(acting(req).client.id)),
      cardPayments: service.cardPaymentsEnabled(),
    }));

    r.post('/api/user/prepay/top-up', { schema: { tags, body: ZTopUpRequest, response: { 200: ZTopUpResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.startTopUp(acting(req).client.id, leiToBani(req.body.amount))),
    }));

    r.get(
      '/api/user/prepay/payment/:identifier',
      { schema: { tags, params: z.object({ identifier: z.uuid() }), response: { 200: ZPaymentResponse } } },
      async (req) => ({ success: true as const, ...(await service.payment(acting(req).client.id, req.params.identifier)) }),
    );
  };
}
