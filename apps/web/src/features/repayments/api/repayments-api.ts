import type { TAwaitingRepayment, TBankAccount, TRepaymentCompany, TRepaymentFilters, TRepaymentListRequest, TRepaymentListResponse, TSheet, TSheetAmounts } from '@colete/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';

/** The repayments screens' calls (spec 002 section 7 "Repayments"); the acting client is added by the api client. */
export const repaymentsKeys = {
  all: (client: number | null) => ['repayments', client] as const,
  list: (client: number | null, body: TRepaymentListRequest) => ['repayments', client, 'list', body] as const,
  accounts: (client: number | null) => ['repayments', client, 'accounts'] as const,
  sheets: (client: number | null, page: number, limit: number) => ['repayments', client, 'sheets', page, limit] as const,
  sheetsAmount: (client: number | null) => ['repayments', client, 'sheets-amount'] as const,
  awaiting: (client: number | null) => ['repayments', client, 'awaiting'] as const,
  companies: (search: string) => ['admin', 'repayment-companies', search] as const,
};

export const useRepaymentsList = (body: TRepaymentListRequest, enabled = true) =>
  useQuery({
    queryKey: repaymentsKeys.list(useActingClientId(), body),
    queryFn: () => api<TRepaymentListResponse>('POST', 'user/repayments/list', body),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useBankAccounts = () =>
  useQuery({
    queryKey: repaymentsKeys.accounts(useActingClientId()),
    queryFn: () => api<{ success: true; list: TBankAccount[] }>('POST', 'user/repayments/bank-accounts', {}),
  });

export const useSheets = (page: number, limit: number) =>
  useQuery({
    queryKey: repaymentsKeys.sheets(useActingClientId(), page, limit),
    queryFn: () => api<{ success: true; list: TSheet[]; count: number }>('POST', 'user/repayments/sheets', { page, limit }),
    placeholderData: keepPreviousData,
  });

export const useSheetsAmount = () =>
  useQuery({
    queryKey: repaymentsKeys.sheetsAmount(useActingClientId()),
    queryFn: () => api<{ success: true } & TSheetAmounts>('POST', 'user/repayments/sheets-amount', {}),
  });

export const useAwaiting = () =>
  useQuery({
    queryKey: repaymentsKeys.awaiting(useActingClientId()),
    queryFn: () => api<{ success: true; list: TAwaitingRepayment[] }>('POST', 'user/repayments/awaiting-list', {}),
  });

export const useRepaymentCompanies = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: repaymentsKeys.companies(search),
    queryFn: () => api<{ success: true; list: TRepaymentCompany[] }>('GET', `admin/repayments/companies?search=${encodeURIComponent(search)}`),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Everything the repayments screens show of the acting client, refetched after a change. */
function useInvalidateRepayments() {
  const client = useActingClientId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: repaymentsKeys.all(client) });
}

/** PUT admin/repayment/process-user-payment/{clientId}: the admin pays the client's repayments now. */
export function usePayNow() {
  const invalidate = useInvalidateRepayments();
  return useMutation({
    mutationFn: (clientId: number) => api<{ success: true; message?: string }>('PUT', `admin/repayment/process-user-payment/${clientId}`, {}),
    onSettled: invalidate,
  });
}

/** DELETE admin/repayment/sheet/{id}: type 1 bank error, 2 money returned (with its date); markForPayment. */
export function useMarkUnprocessed() {
  const invalidate = useInvalidateRepayments();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; type: 1 | 2; date: string | null; markForPayment: boolean }) =>
      api<{ success: true; message?: string }>('DELETE', `admin/repayment/sheet/${id}`, body),
    onSettled: invalidate,
  });
}

/** POST user/repayment/change-order-repayment: the selected awaiting repayments to a new account. */
export function useChangeAccount() {
  const invalidate = useInvalidateRepayments();
  return useMutation({
    mutationFn: (body: { data: number[]; bankAccount: string; bankName: string; keepValue: boolean }) =>
      api<{ success: true; message?: string }>('POST', 'user/repayment/change-order-repayment', body),
    onSettled: invalidate,
  });
}

/** The export's body: the list's filters, or a sheet. */
export type ExportBody = TRepaymentFilters;
export const emailExport = (body: ExportBody) => api<{ success: true; message: string }>('POST', 'user/repayments/sheet/email', body);
