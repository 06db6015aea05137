import { AUDIT_LOG_PAGE_SIZE, type TAdminPaymentsResponse, type TAuditLogResponse } from '@colete/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aboutClientQuery, api } from '../../../lib/api-client';

/** The admin's lists of issue 17 (GET admin/audit-log, GET admin/payments), paged by the server. */
export const adminBalanceKeys = {
  auditLog: (page: number, reads: boolean) => ['admin', 'audit-log', page, reads] as const,
  payments: (clientId: number, page: number) => ['admin', 'payments', clientId, page] as const,
};

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
