import {
  RECONCILIATION_MESSAGES,
  RECONCILIATION_PAGE_SIZE,
  type ReconciliationKind,
  type TPayoutRun,
  type TReconciliationList,
  type TUploadProgressResponse,
  UPLOAD_ID_HEADER,
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

/** Where a large upload is (issue 24): the file going out, then its rows read and written by the server. */
export type UploadStage = { phase: 'sending'; percent: number } | { phase: 'reading'; rows: number } | { phase: 'writing'; written: number; total: number };

const PROGRESS_EVERY_MS = 700;

/**
 * A courier's report (CSV/XLSX) or the bank's camt.053 statement, multipart with one `file`
 * field, sent with XMLHttpRequest so the page sees the bytes go out (upload progress); meanwhile
 * the server's progress of that upload (rows read, then written) is asked for every 0.7 s.
 */
async function uploadFile(path: string, file: File, fallback: string, onStage?: (stage: UploadStage) => void): Promise<{ message: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const uploadId = crypto.randomUUID();
  let sent = false;
  let stopped = false;
  const poll = async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, PROGRESS_EVERY_MS));
      if (stopped || !sent) continue;
      try {
        const { progress } = await api<TUploadProgressResponse>('GET', `admin/uploads/${uploadId}/progress`);
        if (stopped) return;
        if (progress.rowsTotal === null) onStage?.({ phase: 'reading', rows: progress.rowsRead });
        else onStage?.({ phase: 'writing', written: progress.rowsWritten, total: progress.rowsTotal });
      } catch {
        // not started yet, or already forgotten: the answer comes anyway
      }
    }
  };
  void poll();
  try {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', apiUrl(path));
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader(UPLOAD_ID_HEADER, uploadId);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onStage?.({ phase: 'sending', percent: Math.min(100, Math.round((e.loaded / e.total) * 100)) });
      };
      xhr.upload.onload = () => {
        sent = true;
        onStage?.({ phase: 'reading', rows: 0 });
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new ApiError(0, fallback, 'network'));
      xhr.send(body);
      onStage?.({ phase: 'sending', percent: 0 });
    });
    const data = parseAnswer(text);
    if (status < 200 || status >= 300 || !data || data.success !== true) throw new ApiError(status, data?.message ?? fallback, data?.code);
    return { message: data.message ?? '' };
  } finally {
    stopped = true;
  }
}

type Answer = { success?: boolean; message?: string; code?: string };
const parseAnswer = (text: string): Answer | null => {
  try {
    return JSON.parse(text) as Answer;
  } catch {
    return null;
  }
};

export function useUpload(onStage?: (stage: UploadStage) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: 'report'; courier: string; file: File } | { kind: 'statement'; file: File }) =>
      v.kind === 'report'
        ? uploadFile(`admin/repayments/reports/${encodeURIComponent(v.courier)}`, v.file, RECONCILIATION_MESSAGES.resolveError, onStage)
        : uploadFile('admin/repayments/statements', v.file, RECONCILIATION_MESSAGES.resolveError, onStage),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.root }),
  });
}
