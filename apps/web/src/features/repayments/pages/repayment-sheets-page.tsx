import { REPAYMENT_SHEETS_PAGE_SIZE, REPAYMENTS_LIST_MESSAGES as T, type TSheet } from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { PAGE_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useSheets, useSheetsAmount } from '../api/repayments-api';
import { downloadExport, useExport } from '../components/export-block';
import { MARK_UNPROCESSED, MarkUnprocessedDialog } from '../components/mark-unprocessed-dialog';
import { RepaymentsTabs } from '../components/repayments-tabs';

const SHOW = 'Vezi rambursurile';
const XLS = 'Descarca xls';

function SheetActions({ s, isAdmin, onMark }: { s: TSheet; isAdmin: boolean; onMark: (s: TSheet) => void }) {
  const navigate = useNavigate();
  const { state, run } = useExport();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button size="small" variant="outlined" onClick={() => navigate(`/profile/repayments/list?sheet=${s.id}`)} aria-label={`${SHOW} ${formatDate(s.sheetDate)}`}>
        {SHOW}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={state === 1}
        onClick={() => void run(() => downloadExport({ sheetId: s.id }, `borderou-${s.id}.xlsx`))}
        aria-label={`${XLS} ${formatDate(s.sheetDate)}`}
      >
        {state === 2 ? T.exportDone : XLS}
      </Button>
      {isAdmin && s.paid === 1 && (
        <Button size="small" color="error" variant="outlined" onClick={() => onMark(s)}>
          {MARK_UNPROCESSED}
        </Button>
      )}
    </Stack>
  );
}

const Paid = ({ s }: { s: TSheet }) => <Chip size="small" color={s.paid ? 'success' : 'warning'} variant="outlined" label={s.paid ? 'Platit' : 'Neprocesat'} />;

/** /profile/repayments/sheet: the client's sheets (payout batches), newest first (spec 002 section 2.3 "Repayment sheets"). */
/** `isAdmin`: the session's (the router knows it). */
export default function RepaymentSheetsPage({ isAdmin = false }: { isAdmin?: boolean }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const { values, update } = useTableQuery(PAGE_TABLE);
  const sheets = useSheets(values.page, REPAYMENT_SHEETS_PAGE_SIZE);
  const amounts = useSheetsAmount();
  const [marking, setMarking] = useState<TSheet | null>(null);
  const rows = sheets.data?.list ?? [];
  const count = sheets.data?.count ?? 0;
  useClampPage({ isPlaceholderData: sheets.isPlaceholderData, rows: rows.length, count }, values.page, REPAYMENT_SHEETS_PAGE_SIZE, update);
  const mismatch = amounts.data && amounts.data.totalAmount !== amounts.data.totalRepaymentsAmount;

  return (
    <>
      <PageHeader title={T.title} subtitle="Borderourile platilor catre contul dumneavoastra." />
      <RepaymentsTabs />
      {mismatch && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="sheets-mismatch">
          Suma platita prin borderouri ({formatMoneyBani(amounts.data!.totalAmount)}) difera de suma rambursurilor lor ({formatMoneyBani(amounts.data!.totalRepaymentsAmount)}).
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
          {sheets.isPending ? (
            <LoadingState label="Se incarca borderourile..." />
          ) : sheets.isError ? (
            <ErrorState message="A intervenit o eroare in preluarea borderourilor!" onRetry={() => void sheets.refetch()} />
          ) : rows.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
              <ReceiptLongOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
              <Typography>Nu exista borderouri.</Typography>
            </Box>
          ) : wide ? (
            <Box sx={{ overflowX: 'auto', opacity: sheets.isPlaceholderData ? 0.6 : 1 }}>
              <Table size="small" aria-label={T.tabSheets}>
                <TableHead>
                  <TableRow>
                    <TableCell>Data</TableCell>
                    <TableCell>Titular cont</TableCell>
                    <TableCell>Cont</TableCell>
                    {isAdmin && <TableCell>Banca</TableCell>}
                    <TableCell align="right">Suma platita</TableCell>
                    <TableCell align="right">Suma rambursuri</TableCell>
                    <TableCell>Stare</TableCell>
                    <TableCell>{isAdmin ? 'Actiuni' : ''}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((s) => (
                    <TableRow key={s.id} data-sheet={s.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.sheetDate)}</TableCell>
                      <TableCell>{s.bankAccountOwner}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{s.bankAccount}</TableCell>
                      {isAdmin && <TableCell>{s.bank}</TableCell>}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatMoneyBani(s.amount)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatMoneyBani(s.repaymentsAmount)}</TableCell>
                      <TableCell><Paid s={s} /></TableCell>
                      <TableCell><SheetActions s={s} isAdmin={isAdmin} onMark={setMarking} /></TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : (
            <List disablePadding aria-label={T.tabSheets}>
              {rows.map((s) => (
                <ListItem key={s.id} divider data-sheet={s.id} sx={{ display: 'block', px: 1 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                    <Typography sx={{ fontWeight: 600 }}>{formatDate(s.sheetDate)}</Typography>
                    <Paid s={s} />
                  </Stack>
                  <Typography sx={{ fontWeight: 700 }}>{formatMoneyBani(s.amount)}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                    {[s.bankAccountOwner, s.bankAccount, isAdmin ? s.bank : null].filter(Boolean).join(' · ')}
                  </Typography>
                  <SheetActions s={s} isAdmin={isAdmin} onMark={setMarking} />
                </ListItem>
              ))}
            </List>
          )}
          <Paginator page={values.page} pageSize={REPAYMENT_SHEETS_PAGE_SIZE} count={count} onChange={(page) => update({ page })} />
        </CardContent>
      </Card>
      {marking && <MarkUnprocessedDialog sheet={marking} onClose={() => setMarking(null)} />}
    </>
  );
}
