import { REPAYMENTS_LIST_MESSAGES as T, type TAwaitingRepayment } from '@colete/contract';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, List, ListItem, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useAwaiting } from '../api/repayments-api';
import { CHANGE_ACCOUNT, ChangeAccountDialog } from '../components/change-account-dialog';
import { RepaymentsTabs } from '../components/repayments-tabs';

/** Spec 002 section 2.3, letter for letter. */
const EMPTY = 'Nici un ramburs în așteptarea remedierii pentru clientul selectat';

/** /profile/repayments/awaiting: repayments waiting for their account to be fixed; select some and change their account. */
export default function RepaymentsAwaitingPage() {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const awaiting = useAwaiting();
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState(false);
  const rows = awaiting.data?.list ?? [];
  const live = selected.filter((id) => rows.some((r) => r.id === id));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allOn = rows.length > 0 && live.length === rows.length;
  const label = (r: TAwaitingRepayment) => `Selecteaza AWB ${r.awb}`;

  return (
    <>
      <PageHeader
        title={T.title}
        subtitle="Rambursurile care nu au putut fi platite: alegeti-le si indicati contul corect."
        actions={
          <Button variant="contained" disabled={live.length === 0} onClick={() => setOpen(true)}>
            {CHANGE_ACCOUNT}
          </Button>
        }
      />
      <RepaymentsTabs />
      <Card>
        <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
          {awaiting.isPending ? (
            <LoadingState label="Se incarca rambursurile..." />
          ) : awaiting.isError ? (
            <ErrorState message={T.loadError} onRetry={() => void awaiting.refetch()} />
          ) : rows.length === 0 ? (
            <Typography sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>{EMPTY}</Typography>
          ) : wide ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={T.tabAwaiting}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allOn}
                        indeterminate={live.length > 0 && !allOn}
                        // MUI marks a partial selection aria-checked="mixed" only; the native state must say so too.
                        inputRef={(el: HTMLInputElement | null) => {
                          if (el) el.indeterminate = live.length > 0 && !allOn;
                        }}
                        onChange={() => setSelected(allOn ? [] : rows.map((r) => r.id))} slotProps={{ input: { 'aria-label': 'Selecteaza toate' } }} />
                    </TableCell>
                    <TableCell>AWB</TableCell>
                    <TableCell>Data</TableCell>
                    <TableCell>Expeditor</TableCell>
                    <TableCell>Destinatar</TableCell>
                    <TableCell align="right">Suma</TableCell>
                    <TableCell>Cont</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.id} hover selected={live.includes(r.id)} onClick={() => toggle(r.id)} sx={{ cursor: 'pointer' }}>
                      <TableCell padding="checkbox">
                        <Checkbox checked={live.includes(r.id)} slotProps={{ input: { 'aria-label': label(r) } }} />
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{r.awb}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.createdDate)}</TableCell>
                      <TableCell>{r.addressFrom}</TableCell>
                      <TableCell>
                        {r.contactName}
                        <Typography variant="body2" color="text.secondary">
                          {r.addressTo}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatMoneyBani(r.price)}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{r.bankAccount || '-'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : (
            <List disablePadding aria-label={T.tabAwaiting}>
              {rows.map((r) => (
                <ListItem key={r.id} divider sx={{ px: 1, display: 'block' }}>
                  <FormControlLabel control={<Checkbox checked={live.includes(r.id)} onChange={() => toggle(r.id)} />} label={`AWB ${r.awb} · ${formatMoneyBani(r.price)}`} slotProps={{ typography: { sx: { fontWeight: 600 } } }} />
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {formatDate(r.createdDate)} · {r.contactName}, {r.addressTo} · {r.bankAccount || '-'}
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      {open && (
        <ChangeAccountDialog
          ids={live}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setSelected([]);
          }}
        />
      )}
    </>
  );
}
