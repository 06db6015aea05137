import { AUDIT_LOG_PAGE_SIZE, balanceAdminMessages as m, type TAuditEntry } from '@colete/contract';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { Box, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { formatDateTime } from '../../../lib/format';
import { PAGE_TABLE, tableParam, useTableQuery } from '../../../lib/use-table-query';
import { useAuditLog } from '../api/admin-lists';

/** The request's data in one line: 'id: ... · amount: 5'. */
function detailsText(details: Record<string, unknown>) {
  const flat: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    else flat.push(`${prefix.replace(/^(body|query|params)\./, '')}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  };
  walk(details, '');
  return flat.join(' · ');
}

function Entry({ entry }: { entry: TAuditEntry }) {
  const ok = entry.statusCode < 400;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={`${entry.action} ${formatDateTime(entry.at)}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 0.5 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: 1 }}>{entry.action}</Typography>
        <Chip size="small" color={ok ? 'success' : 'error'} variant="outlined" label={`${m.auditResult}: ${entry.statusCode}`} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(entry.at)} · {m.auditAdmin}: {entry.admin.name} · {m.auditClient}: {entry.client ? `${entry.client.name} (${entry.client.email})` : '-'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {m.auditDetails}: {detailsText(entry.details) || '-'}
      </Typography>
    </Paper>
  );
}

/** /profile/admin/audit-log: every admin call (who, for which client, what, when), newest first. */
const AUDIT_TABLE = { ...PAGE_TABLE, reads: tableParam.flag() };

export default function AuditLogPage() {
  const { values: { page, reads }, update } = useTableQuery(AUDIT_TABLE);
  const log = useAuditLog(page, reads);
  const rows = log.data?.list ?? [];

  return (
    <>
      <PageHeader title={m.auditTitle} subtitle={m.auditIntro} />
      <FormControlLabel sx={{ mb: 2 }} control={<Switch checked={reads} onChange={(e) => update({ reads: e.target.checked, page: 1 })} />} label={m.auditReads} />
      {log.isPending ? (
        <LoadingState label={m.auditLoading} />
      ) : log.isError ? (
        <ErrorState message={m.auditLoadError} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <HistoryOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography>{m.auditEmpty}</Typography>
        </Box>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, maxWidth: 1100, opacity: log.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </Stack>
          <Paginator page={page} pageSize={AUDIT_LOG_PAGE_SIZE} count={log.data.count} onChange={(next) => update({ page: next })} />
        </>
      )}
    </>
  );
}
