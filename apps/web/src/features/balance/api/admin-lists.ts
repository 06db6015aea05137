import { AUDIT_LOG_PAGE_SIZE, type TAdminPaymentsResponse, type TAuditLogResponse, type TPayableInvoicesResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aboutClientQuery, api } from '../../../lib/api-client';

/** The admin's lists of issue 17 (GET admin/audit-log, GET admin/payments), paged by the server, and the record dialog's invoices. */
export const adminBalanceKeys = {
  auditLog: (page: number, reads: boolean) => ['admin', 'audit-log', page, reads] as const,
  payments: (clientId: number, page: number) => ['admin', 'payments', clientId, page] as const,
  payable: (clientId: number) => ['admin', 'payments', clientId, 'payable'] as const,
};

/** GET admin/payments/invoices: the client's invoices left to pay (the record dialog asks for them when it opens). */
export const usePayableInvoices = (clientId: number, enabled: boolean) =>
  useQuery({
    queryKey: adminBalanceKeys.payable(clientId),
    queryFn: () => api<TPayableInvoicesResponse>('GET', `admin/payments/invoices?${aboutClientQuery(clientId)}`),
    enabled,
  });

export const useAuditLog = (page: number, reads: boolean) =>
  useQuery({
    queryKey: adminBalanceKeys.auditLog(page, reads),
    queryFn: () => api<TAuditLogResponse>('GET', `admin/audit-log?page=${page}&limit=${AUDIT_LOG_PAGE_SIZE}&reads=${reads}`),
    placeholderData: keepPreviousData,
  });

export const useAdminPayments = (clientId: number | null, page: number) =>
  useQuery({
    queryKey: adminBalanceKeys.payments(clientId ?? 0, page),
    queryFn: () => api<TAdminPaymentsResponse>('GET', `admin/payments?${aboutClientQuery(clientId ?? 0)}&page=${page}&limit=${AUDIT_LOG_PAGE_SIZE}`),
    enabled: clientId !== null,
    placeholderData: keepPreviousData,
  });
