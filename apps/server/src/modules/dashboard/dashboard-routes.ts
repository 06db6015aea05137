import {
  ZDashboardAttention,
  ZDashboardCodChart,
  ZDashboardEInvoice,
  ZDashboardMoney,
  ZDashboardPlatform,
  ZDashboardQuery,
  ZDashboardRepayments,
  ZDashboardShipmentsChart,
  ZDashboardSpendingChart,
  ZDashboardStore,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acting, adminScope, authenticatedScope } from '../../plugins/acting.js';
import type { DashboardService } from './dashboard-service.js';

/**
 * The dashboard's calls (issue 27): one GET per tile, for the acting client (an admin names the
 * client with selectedClient), so each tile loads and fails on its own.
 */
export function dashboardRoutes(service: DashboardService) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      authenticatedScope(scope);
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const tags = ['dashboard'];
      const schema = <T>(response: T) => ({ tags, querystring: ZDashboardQuery, response: { 200: response } });
      r.get('/api/user/dashboard/money', { schema: schema(ZDashboardMoney) }, async (req) => service.money(acting(req).client));
      r.get('/api/user/dashboard/shipments', { schema: schema(ZDashboardAttention) }, async (req) => service.attention(acting(req).client));
      r.get('/api/user/dashboard/store', { schema: schema(ZDashboardStore) }, async (req) => service.store(acting(req).client));
      r.get('/api/user/dashboard/repayments', { schema: schema(ZDashboardRepayments) }, async (req) => service.repayments(acting(req).client));
      r.get('/api/user/dashboard/einvoice', { schema: schema(ZDashboardEInvoice) }, async (req) => service.einvoice(acting(req).client));
      r.get('/api/user/dashboard/charts/shipments', { schema: schema(ZDashboardShipmentsChart) }, async (req) => service.shipmentsChart(acting(req).client));
      r.get('/api/user/dashboard/charts/cod', { schema: schema(ZDashboardCodChart) }, async (req) => service.codChart(acting(req).client));
      r.get('/api/user/dashboard/charts/spending', { schema: schema(ZDashboardSpendingChart) }, async (req) => service.spendingChart(acting(req).client));
    });

    await app.register(async (scope) => {
      adminScope(scope);
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.get('/api/admin/dashboard', { schema: { tags: ['dashboard'], response: { 200: ZDashboardPlatform } } }, async () => service.platform());
    });
  };
}
