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
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../types.js';
import { clientsCount } from '../admin/index.js';
import type { BalanceService } from '../balance/index.js';
import { einvoiceInbox } from '../einvoice/index.js';
import { invoicedShipmentsPerMonth } from '../invoicing/index.js';
import { shipmentSpendingPerMonth } from '../ledger/index.js';
import { codPerDay, platformRepayments, repaymentsSummary } from '../repayments/index.js';
import { activationsPerDay, platformActivations, shipmentAttention } from '../shipments/index.js';
import { AWAITING_QUERY, type StoreService } from '../store/index.js';
import { windowsAt } from './dashboard-days.js';

export type DashboardDeps = {
  database: Database;
  /** The balance views' general summary (the balance and what the invoices leave to pay). */
  balance: Pick<BalanceService, 'general'>;
  /** The client's stores and a page of a store's orders, read from the shop. */
  store: Pick<StoreService, 'list' | 'orders'>;
  courierName: (courierId: string) => string;
  now?: () => Date;
};

/**
 * The dashboard (issue 27): each tile one read, through the owning module's public functions; the
 * dashboard owns no table. Every function takes the acting client (an admin's chosen one).
 */
export function dashboardService(deps: DashboardDeps) {
  const { db } = deps.database;
  const clock = deps.now ?? (() => new Date());

  return {
    async money(client: UserRow): Promise<TDashboardMoney> {
      const general = await deps.balance.general(client);
      return { success: true, paymentType: general.userPaymentType, balance: general.amounts.totalLeft, leftToPay: general.invoices.totalDifference };
    },

    async attention(client: UserRow): Promise<TDashboardAttention> {
      const w = windowsAt(clock());
      const counts = await shipmentAttention(db, client.id, w.since, w.today);
      return { success: true, since: w.days[0]!, ...counts };
    },

    /** Live from each connected shop (one page of its awaiting orders); a shop that fails is shown as such, the others still count. */
    async store(client: UserRow): Promise<TDashboardStore> {
      const accounts = (await deps.store.list(client.id)).filter((a) => a.status === 'CONNECTED');
      const stores = await Promise.all(
        accounts.map(async (a) => {
          try {
            const page = await deps.store.orders(client.id, a.clientId, { first: 50, query: AWAITING_QUERY });
            return { clientId: a.clientId, shop: a.shop, awaiting: page.orders.length, more: page.pageInfo.hasNextPage };
          } catch {
            return { clientId: a.clientId, shop: a.shop, awaiting: null, more: false };
          }
        }),
      );
      return { success: true, stores };
    },

    async repayments(client: UserRow): Promise<TDashboardRepayments> {
      return { success: true, ...(await repaymentsSummary(db, client, clock())) };
    },

    async einvoice(client: UserRow): Promise<TDashboardEInvoice> {
      return { success: true, ...(await einvoiceInbox(db, client.id)) };
    },

    async shipmentsChart(client: UserRow): Promise<TDashboardShipmentsChart> {
      const w = windowsAt(clock());
      const rows = await activationsPerDay(db, client.id, w.since);
      const ids = [...new Set(rows.map((r) => r.courierId))].sort();
      const index = new Map(w.days.map((d, i) => [d, i]));
      const couriers = ids.map((id) => ({ id, name: deps.courierName(id), counts: w.days.map(() => 0) }));
      const byId = new Map(couriers.map((c) => [c.id, c]));
      for (const r of rows) {
        const i = index.get(r.day);
        if (i !== undefined) byId.get(r.courierId)!.counts[i]! += r.n;
      }
      return { success: true, days: w.days, couriers };
    },

    async codChart(client: UserRow): Promise<TDashboardCodChart> {
      const w = windowsAt(clock());
      const rows = new Map((await codPerDay(db, client.id, w.since)).map((r) => [r.day, r]));
      return { success: true, days: w.days.map((day) => ({ day, collected: rows.get(day)?.collected ?? 0, paid: rows.get(day)?.paid ?? 0 })) };
    },

    /** Prepaid: what the balance paid for shipments; postpaid: what the shipments were invoiced (the client's payment type now). */
    async spendingChart(client: UserRow): Promise<TDashboardSpendingChart> {
      const w = windowsAt(clock());
      const read = client.paymentType === 'postpaid' ? invoicedShipmentsPerMonth : shipmentSpendingPerMonth;
      const rows = new Map((await read(db, client.id, w.monthsFromDay)).map((r) => [r.month, r.amount]));
      return { success: true, months: w.months.map((month) => ({ month, amount: rows.get(month) ?? 0 })) };
    },

    async platform(): Promise<TDashboardPlatform> {
      const w = windowsAt(clock());
      const [clients, shipments, money] = await Promise.all([clientsCount(db), platformActivations(db, w.todayStart, w.since), platformRepayments(db)]);
      return { success: true, clients, shipmentsToday: shipments.today, shipments30: shipments.since, moneyDue: money.moneyDue, flagged: money.flagged };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
