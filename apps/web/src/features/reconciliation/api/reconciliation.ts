import {
  RECONCILIATION_MESSAGES,
  RECONCILIATION_PAGE_SIZE,
  type ReconciliationKind,
  type TPayoutRun,
  type TReconciliationList,
} from '@colete/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiUrl } from '../../../lib/api-client';

export type FlagFilters = { courier?: string; kind?: ReconciliationKind; state: 'open' | 'resolved'; page: number };

export const reconciliationKeys = {
  root: ['reconciliation'] as const,
  flags: (f: FlagFilters) => ['reconciliation', 'flags', f] as const,
  runs: () => ['reconciliation', 'runs'] as const,
};

/** GET admin/repayments/reconciliation: the flagged lines, newest first. */
export const flagsQueryOptions = (f: FlagFilters) =>
  queryOptions({
    queryKey: reconciliationKeys.flags(f),
    queryFn: () => {
      const q = new URLSearchParams({ state: f.state, page: String(f.page), limit: String(RECONCILIATION_PAGE_SIZE) });
      if (f.courier) q.set('courier', f.courier);
      if (f.kind) q.set('kind', f.kind);
      return api<TReconciliationList>('GET', `admin/repayments/reconciliation?${q}`);
    },
    placeholderData: keepPreviousData,
  });
export const useFlags = (f: FlagFilters) => useQuery(flagsQueryOptions(f));

export const usePayoutRuns = () =>
  useQuery({ queryKey: reconciliationKeys.runs(), queryFn: () => api<{ success: true; list: TPayoutRun[]; count: number }>('GET', 'admin/repayments/payout-runs?limit=5') });

/** POST admin/repayments/reconciliation/{id}/resolve: closed with the admin's note. */
export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => api<{ success: true; message: string }>('POST', `admin/repayments/reconciliation/${id}/resolve`, { note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.root }),
  });
}

/** A courier's report (CSV/XLSX) or the bank's camt.053 statement, multipart with one `file` field. */
async function uploadFile(path: string, file: File, fallback: string): Promise<{ message: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  const data = (await response.json().catch(() => null)) as { success?: boolean; message?: string; code?: string } | null;
  if (!response.ok || !data || data.success !== true) throw new ApiError(response.status, data?.message ?? fallback, data?.code);
  return { message: data.message ?? '' };
}

export function useUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: 'report'; courier: string; file: File } | { kind: 'statement'; file: File }) =>
      v.kind === 'report'
        ? uploadFile(`admin/repayments/reports/${encodeURIComponent(v.courier)}`, v.file, RECONCILIATION_MESSAGES.resolveError)
        : uploadFile('admin/repayments/statements', v.file, RECONCILIATION_MESSAGES.resolveError),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.root }),
  });
}
