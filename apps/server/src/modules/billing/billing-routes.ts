import {
  ZBillingDataRequest,
  ZBillingListResponse,
  ZBillingSavedResponse,
  ZCompanyLookupQuery,
  ZCompanyLookupResponse,
  ZContactData,
  ZSuccessResponse,
  messages,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting, authenticatedScope } from '../../plugins/acting.js';
import type { BillingService } from './billing-service.js';

const ZFiscalSubaccountParams = z.object({ fiscalSubaccountNumber: z.coerce.number().int().positive().max(2_147_483_647) });

/** Billing data and contact data (spec 000 sections 3, 4, 7), always for the acting client. */
export function billingRoutes(service: BillingService) {
  return async (app: FastifyInstance) => {
    authenticatedScope(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    const b = messages.billing;

    r.get('/api/user/billing/data', { schema: { tags, response: { 200: ZBillingListResponse } } }, async (req) => ({
      success: true as const,
      ...(await service.list(acting(req).client)),
    }));

    // The add dialog's look-up: what the register holds for a CUI (limited per client, see company-lookup.ts).
    r.get(
      '/api/user/billing/company-lookup',
      { schema: { tags, querystring: ZCompanyLookupQuery, response: { 200: ZCompanyLookupResponse } } },
      async (req) => ({ success: true as const, company: await service.lookupCompany(acting(req).client.id, req.query.identificationCode) }),
    );

    r.post('/api/user/billing/data', { schema: { tags, body: ZBillingDataRequest, response: { 200: ZBillingSavedResponse } } }, async (req) => ({
      success: true as const,
      message: b.saved,
      data: await service.save(acting(req).client.id, req.body),
    }));

    r.patch(
      '/api/user/billing/data/set-active/:fiscalSubaccountNumber',
      { schema: { tags, params: ZFiscalSubaccountParams, response: { 200: ZBillingSavedResponse } } },
      async (req) => ({
        success: true as const,
        message: b.activated,
        data: await service.setActive(acting(req).client.id, req.params.fiscalSubaccountNumber),
      }),
    );

    r.delete(
      '/api/user/billing/data/:fiscalSubaccountNumber',
      { schema: { tags, params: ZFiscalSubaccountParams, response: { 200: ZSuccessResponse } } },
      async (req) => {
        await service.remove(acting(req).client.id, req.params.fiscalSubaccountNumber);
        return { success: true as const, message: b.deleted };
      },
    );

    r.post('/api/user/contact', { schema: { tags, body: ZContactData, response: { 200: ZSuccessResponse } } }, async (req) => {
      await service.saveContact(acting(req).client.id, req.body);
      return { success: true as const, message: b.contactSaved };
    });
  };
}
