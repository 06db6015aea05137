import { RECONCILIATION_KINDS, RECONCILIATION_MESSAGES as t, RECONCILIATION_PAGE_SIZE, messages, type TReconciliationFlag } from '@colete/contract';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { ApiError } from '../../../lib/api-client';
import { tableParam, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useFlags } from '../api/reconciliation';
import { FlagCard } from '../components/flag-card';
import { PayoutRuns } from '../components/payout-runs';
import { ResolveFlagDialog } from '../components/resolve-flag-dialog';
import { UploadBar } from '../components/upload-bar';

const TABLE = {
  courier: tableParam.text(40),
  kind: tableParam.oneOf(RECONCILIATION_KINDS),
  state: tableParam.oneOf(['resolved'] as const),
  page: tableParam.page(),
};
const FALLBACK_COURIERS = [
  { id: 'rapidcarpati', name: 'Rapid Carpati' },
  { id: 'dunarea', name: 'Dunarea Expres' },
  { id: 'colet24', name: 'Colet24' },
  { id: 'postaverde', name: 'Posta Verde' },
];

/**
 * /profile/admin/reconciliation (issue 15): what the couriers' reports and the bank's statements
 * did not settle (a different amount, an unknown AWB or transfer, a delivery never reported), by
 * courier and kind; each resolved with a note. Reports and statements are uploaded here too, and
 * the payout runs' pain.001 files downloaded.
 */
export default function ReconciliationPage() {
  const { values, update } = useTableQuery(TABLE, { debounceMs: 0 });
  const state = values.state ?? 'open';
  const flags = useFlags({ courier: values.courier || undefined, kind: values.kind, state, page: values.page });
  const [resolving, setResolving] = useState<TReconciliationFlag | null>(null);
  const rows = flags.data?.list ?? [];
  const count = flags.data?.count ?? 0;
  const couriers = flags.data?.couriers ?? FALLBACK_COURIERS;
  useClampPage({ isPlaceholderData: flags.isPlaceholderData, rows: rows.length, count }, values.page, RECONCILIATION_PAGE_SIZE, update);

  return (
    <>
      <PageHeader title={t.title} subtitle={t.intro} />
      <UploadBar couriers={couriers} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField select size="small" label={t.courier} value={values.courier} onChange={(e) => update({ courier: e.target.value })} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t.all}</MenuItem>
          {couriers.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t.kind} value={values.kind ?? ''} onChange={(e) => update({ kind: (e.target.value || undefined) as typeof values.kind })} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t.all}</MenuItem>
          {RECONCILIATION_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t.kinds[k]}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup size="small" exclusive value={state} aria-label={t.state} onChange={(_, v: 'open' | 'resolved' | null) => v && update({ state: v === 'resolved' ? 'resolved' : undefined })}>
          <ToggleButton value="open">{t.open}</ToggleButton>
          <ToggleButton value="resolved">{t.resolved}</ToggleButton>
        </ToggleButtonGroup>
        {flags.data && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' }, whiteSpace: 'nowrap' }}>
            {count} {count === 1 ? 'semnalare' : 'semnalari'}
          </Typography>
        )}
      </Stack>
      {flags.isPending ? (
        <LoadingState label="Se incarca semnalarile..." />
      ) : flags.isError ? (
        <ErrorState message={flags.error instanceof ApiError && flags.error.status === 403 ? messages.common.forbidden : t.loadError} onRetry={() => void flags.refetch()} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <InboxOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography>{t.empty}</Typography>
        </Box>
      ) : (
        <>
          <Stack spacing={1.5} sx={{ maxWidth: 1000, opacity: flags.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((f) => (
              <FlagCard key={f.id} flag={f} onResolve={() => setResolving(f)} />
            ))}
          </Stack>
          <Paginator page={values.page} pageSize={RECONCILIATION_PAGE_SIZE} count={count} onChange={(next) => update({ page: next })} />
        </>
      )}
      <PayoutRuns />
      {resolving && <ResolveFlagDialog flag={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
