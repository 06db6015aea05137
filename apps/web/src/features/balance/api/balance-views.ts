import type { TBalanceGeneralResponse, TBalanceViewResponse, TInvoiceBalanceResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type ActingClientId } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useActingClientId } from '../../../lib/selected-client';

/**
 * The balance views' calls (spec 002 section 7 "Balance"). The api client adds the admin's chosen
 * client; the profile layout shows an admin no client page before one is chosen, so admins fetch
 * only after choosing and clients at once (spec 002 section 6).
 */
export type PeriodParams = { fromDate: string; toDate: string; page: number };
export type InvoiceBalanceParams = PeriodParams & { company?: string };

export const balanceKeys = {
  all: (acting: ActingClientId) => ['balance', acting] as const,
  view: (acting: ActingClientId, view: 'available' | 'bonus', p: PeriodParams) => [...balanceKeys.all(acting), view, p] as const,
  invoices: (acting: ActingClientId, p: InvoiceBalanceParams) => [...balanceKeys.all(acting), 'invoices', p] as const,
  general: (acting: ActingClientId) => [...balanceKeys.all(acting), 'general'] as const,
};

export const BALANCE_VIEW_LIMIT = 50;

export const useBalanceView = (view: 'available' | 'bonus', p: PeriodParams) =>
  useQuery({
    queryKey: balanceKeys.view(useActingClientId(), view, p),
    queryFn: () => api<TBalanceViewResponse>('POST', `user/balance/${view}`, { ...p, limit: BALANCE_VIEW_LIMIT }),
    placeholderData: keepPreviousData,
  });

/** checkOld is asked with every fetch: the company select shows only when an older company exists. */
export const useInvoiceBalance = (p: InvoiceBalanceParams) =>
  useQuery({
    queryKey: balanceKeys.invoices(useActingClientId(), p),
    queryFn: () => api<TInvoiceBalanceResponse>('POST', 'user/balance/invoices', { ...p, limit: BALANCE_VIEW_LIMIT, checkOld: true }),
    placeholderData: keepPreviousData,
  });

export const useBalanceGeneral = () =>
  useQuery({ queryKey: balanceKeys.general(useActingClientId()), queryFn: () => api<TBalanceGeneralResponse>('POST', 'user/balance/general', {}) });

/** 'Export situatie': the statement of the screen's filters as an xlsx download. */
export const exportStatement = (p: Omit<InvoiceBalanceParams, 'page'>) =>
  downloadFile('user/balance/invoices/export', `Situatie-${p.fromDate}-${p.toDate}.xlsx`, p);
