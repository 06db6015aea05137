import type {
  TDashboardAttention,
  TDashboardCodChart,
  TDashboardEInvoice,
  TDashboardMoney,
  TDashboardPlatform,
  TDashboardRepayments,
  TDashboardShipmentsChart,
  TDashboardSpendingChart,
  TDashboardStore,
} from '@colete/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/**
 * The dashboard's calls (issue 27): one query per tile, so each loads, fails and retries on its own.
 * The api client adds the admin's chosen client; the keys start with it, so a switch of client
 * never shows another client's numbers.
 */
export type DashboardTile = {
  money: TDashboardMoney;
  shipments: TDashboardAttention;
  store: TDashboardStore;
  repayments: TDashboardRepayments;
  einvoice: TDashboardEInvoice;
  'charts/shipments': TDashboardShipmentsChart;
  'charts/cod': TDashboardCodChart;
  'charts/spending': TDashboardSpendingChart;
};

export const dashboardKeys = {
  all: (acting: ActingClientId) => ['dashboard', acting] as const,
  tile: (acting: ActingClientId, tile: keyof DashboardTile) => [...dashboardKeys.all(acting), tile] as const,
  platform: () => ['dashboard', 'platform'] as const,
};

/** One tile's data. The store tile asks the shop itself: it may be slow, and fails alone. */
export function useDashboardTile<K extends keyof DashboardTile>(tile: K) {
  return useQuery({
    queryKey: dashboardKeys.tile(useActingClientId(), tile),
    queryFn: () => api<DashboardTile[K]>('GET', `user/dashboard/${tile}`),
  });
}

export const usePlatformDashboard = () =>
  useQuery({ queryKey: dashboardKeys.platform(), queryFn: () => api<TDashboardPlatform>('GET', 'admin/dashboard') });
