import {
  ZBalanceResponse,
  ZPaymentResponse,
  ZSubscription,
  ZSubscriptionEditRequest,
  ZSubscriptionReEnableRequest,
  ZSubscriptionsResponse,
  ZTopUpResponse,
  ZTopUpWithSubscriptionRequest,
  USER_TYPE,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { leiToBani } from '../../lib/money.js';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { PrepayService } from './prepay-service.js';
import type { SubscriptionsService } from './subscriptions-service.js';

/** The prepaid balance and card top-ups (spec 000: prepay, after-payment/{identifier}). */
export function prepayRoutes(service: PrepayService, subscriptions: SubscriptionsService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['prepay'];

    r.get('/api/user/prepay/balance', { schema: { tags, response: { 200: ZBalanceResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.balance(acting(req).client.id)),
      cardPayments: service.cardPaymentsEnabled(),
    }));

    r.post('/api/user/prepay/top-up', { schema: { tags, body: ZTopUpWithSubscriptionRequest, response: { 200: ZTopUpResponse } } }, async (req) => {
      const sub = req.body.subscription;
      // An admin pays for a client they chose, never into an account of their own.
      if (acting(req).client.userType === USER_TYPE.admin) throw badRequest(messages.profile.clientRequired, 'clientRequired');
      return {
        success: true as const,
        ...(await service.startTopUp(
          acting(req).client.id,
          leiToBani(req.body.amount),
          sub ? { paymentAmountBani: leiToBani(sub.recurringAmount), triggerAmountBani: leiToBani(sub.recurringMinBalance) } : undefined,
        )),
      };
    });

    /* Card subscriptions (spec 000 section 7). */
    const identifierParams = z.object({ identifier: z.uuid() });
    const withSubscription = z.object({ success: z.literal(true), message: z.string(), subscription: ZSubscription });

    r.get('/api/user/prepay/subscriptions', { schema: { tags, response: { 200: ZSubscriptionsResponse } } }, async (req) => ({
      success: true as const,
      list: await subscriptions.list(acting(req).client),
    }));

    r.patch(
      '/api/user/prepay/subscription/:identifier',
      { schema: { tags, params: identifierParams, body: ZSubscriptionEditRequest, response: { 200: withSubscription } } },
      async (req) => ({
        success: true as const,
        message: messages.prepay.subscriptionUpdated,
        subscription: await subscriptions.edit(acting(req).client, req.params.identifier, req.body),
      }),
    );

    r.delete('/api/user/prepay/subscription/:identifier', { schema: { tags, params: identifierParams, response: { 200: withSubscription } } }, async (req) => ({
      success: true as const,
      message: messages.prepay.subscriptionDeactivated,
      subscription: await subscriptions.deactivate(acting(req).client, req.params.identifier),
    }));

    r.patch('/api/user/prepay/subscription', { schema: { tags, body: ZSubscriptionReEnableRequest, response: { 200: withSubscription } } }, async (req) => ({
      success: true as const,
      message: messages.prepay.subscriptionReEnabled,
      subscription: await subscriptions.reEnable(acting(req).client, req.body.subscriptionId, req.body.data),
    }));

    r.get(
      '/api/user/prepay/payment/:identifier',
      { schema: { tags, params: z.object({ identifier: z.uuid() }), response: { 200: ZPaymentResponse } } },
      async (req) => ({ success: true as const, ...(await service.payment(acting(req).client.id, req.params.identifier)) }),
    );
  };
}
