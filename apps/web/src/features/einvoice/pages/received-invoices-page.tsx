import {
  einvoiceMessages,
  RECEIVED_MESSAGES,
  RECEIVED_PAGE_SIZE,
  RECEIVED_STATUSES_SHOWN,
  formatBaniAmount,
  receivedStatusLabel,
  type EInvoiceAccountType,
  type ReceivedInvoiceStatus,
  type TBillingData,
  type TReceivedInvoice,
} from '@colete/contract';
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DateField } from '../../../components/date-field/date-field';
import { ListStates } from '../../../components/list-states';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { downloadFile } from '../../../lib/download-file';
import { bucharestDay, formatDate, formatDateTime, monthBefore } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { tableParam, useTableQuery, type TableParam } from '../../../lib/use-table-query';
import { receivedDownloadUrl, useAcknowledgeWarning, useConnectedCompanies, useReceivedInvoices } from '../api/received-invoices';

const statusesParam: TableParam<ReceivedInvoiceStatus[]> = {
  read: (raw) => (raw ? (raw.split(',').filter((s) => s.length > 0) as ReceivedInvoiceStatus[]) : []),
  write: (list) => (list.length > 0 ? list.join(',') : null),
};
const TABLE = {
  company: tableParam.text(20),
  from: tableParam.day(),
  to: tableParam.day(),
  by: tableParam.oneOf(['invoiceDate', 'eInvoiceDate'] as const),
  status: statusesParam,
  seller: tableParam.text(200),
  sellerId: tableParam.text(30),
  page: tableParam.page(),
};

const money = (bani: number, currency: string) => `${formatBaniAmount(bani)} ${currency === 'RON' ? 'lei' : currency}`;

/** The company shown: its name, CUI, trade register and address (spec 002 section 2.7). */
function CompanyCard({ company, others, onChange }: { company: TBillingData; others: TBillingData[]; onChange: (code: string) => void }) {
  const a = company.address;
  return (
    <Card sx={{ mb: 2, maxWidth: 1200 }}>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h2" sx={{ fontSize: 18 }}>
            {company.entityData.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            CUI {company.entityData.identificationCode}
            {company.entityData.tradeRegister ? ` · ${company.entityData.tradeRegister}` : ''} · {[a.street, a.number].filter(Boolean).join(' ')}, {a.localityString}, {a.countyString}
          </Typography>
        </Box>
        {others.length > 0 && (
          <TextField select size="small" label="Schimba firma" value="" onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 220 }}>
            {others.map((o) => (
              <MenuItem key={o.fiscalSubaccountNumber} value={o.entityData.identificationCode}>
                {o.entityData.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </CardContent>
    </Card>
  );
}

/** The warnings of an invoice; one still open is acknowledged with 'Am luat la cunostinta' (spec 002 sections 4.8 and 5). */
function WarningDialog({ invoice, onClose }: { invoice: TReceivedInvoice; onClose: () => void }) {
  const [ticked, setTicked] = useState(false);
  const acknowledge = useAcknowledgeWarning();
  const { enqueueSnackbar } = useSnackbar();
  const open = invoice.warnings.status === 1;
  return (
    <Dialog open onClose={onClose} aria-labelledby="warning-title" fullWidth maxWidth="sm">
      <DialogTitle id="warning-title">Avertismente factura {invoice.generalData.invoiceIdentification}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {invoice.warnings.text.map((w) => (
            <Alert key={w} severity="warning">
              {w}
            </Alert>
          ))}
        </Stack>
        {open ? (
          <FormControlLabel sx={{ mt: 2 }} control={<Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)} />} label="Am luat la cunostinta" />
        ) : (
          <Chip sx={{ mt: 2 }} color="success" label="Verificata" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Inchide</Button>
        {open && (
          <Button
            variant="contained"
            disabled={!ticked || acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(
                { receivedInvoiceId: invoice.receivedInvoiceId, oldStatus: 1, changeToNewStatus: 2 },
                {
                  onSuccess: (r) => {
                    enqueueSnackbar(r.message, { variant: 'success' });
                    onClose();
                  },
                  onError: () => enqueueSnackbar(RECEIVED_MESSAGES.statusFailed, { variant: 'error' }),
                },
              )
            }
          >
            Confirma
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** ZIP, XML and (when the supplier attached one) PDF, as files named by the server. */
function Downloads({ invoice }: { invoice: TReceivedInvoice }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const get = async (kind: 'zip' | 'xml' | 'pdf') => {
    setAnchor(null);
    try {
      await downloadFile(receivedDownloadUrl(invoice.receivedInvoiceId, kind), `factura-${invoice.generalData.invoiceIdentification}.${kind}`);
    } catch (err) {
      enqueueSnackbar(err instanceof Error ? err.message : RECEIVED_MESSAGES.statusFailed, { variant: 'error' });
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} aria-label={`Descarca factura ${invoice.generalData.invoiceIdentification}`} onClick={(e) => setAnchor(e.currentTarget)}>
        Descarca
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void get('zip')}>ZIP (original semnat)</MenuItem>
        <MenuItem onClick={() => void get('xml')}>XML</MenuItem>
        {invoice.hasPdf && <MenuItem onClick={() => void get('pdf')}>PDF (de la furnizor)</MenuItem>}
      </Menu>
    </>
  );
}

function WarningButton({ invoice, onOpen }: { invoice: TReceivedInvoice; onOpen: () => void }) {
  if (invoice.warnings.text.length === 0) return <Typography color="text.secondary" aria-label="Fara avertismente">-</Typography>;
  const open = invoice.warnings.status === 1;
  return (
    <Button size="small" color={open ? 'warning' : 'success'} variant={open ? 'contained' : 'outlined'} startIcon={<WarningAmberIcon />} onClick={onOpen} aria-label={`Avertismente factura ${invoice.generalData.invoiceIdentification}`}>
      {open ? invoice.warnings.text.length : 'Verificata'}
    </Button>
  );
}

function Rows({ rows, type, onSeller, onWarning }: { rows: TReceivedInvoice[]; type: EInvoiceAccountType; onSeller: (id: string) => void; onWarning: (i: TReceivedInvoice) => void }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const status = (i: TReceivedInvoice) => <Chip size="small" variant="outlined" color={i.status.startsWith('rejected') ? 'error' : 'default'} label={receivedStatusLabel(type, i.status)} />;
  const seller = (i: TReceivedInvoice) => (
    <Link component="button" type="button" onClick={() => onSeller(i.seller.identification)} title="Filtreaza dupa acest furnizor" sx={{ textAlign: 'left' }}>
      {i.seller.name}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        CUI {i.seller.identification}
      </Typography>
    </Link>
  );
  const highlight = (i: TReceivedInvoice) => (i.warnings.status === 1 ? { backgroundColor: 'rgba(237, 108, 2, 0.08)' } : undefined);
  if (!wide) {
    return (
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Facturi primite">
        {rows.map((i) => (
          <Box component="li" key={i.receivedInvoiceId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, ...highlight(i) }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {i.generalData.invoiceIdentification}
                {i.kind === 'creditNote' ? ' (storno)' : ''}
              </Typography>
              {status(i)}
            </Stack>
            {seller(i)}
            <Typography variant="body2">
              Factura: {formatDate(i.generalData.invoiceDate)} · e-Factura: {formatDate(i.eInvoiceData.date)}
            </Typography>
            <Typography variant="body2">
              TVA {money(i.amounts.tax, i.amounts.currency)} · Total <strong>{money(i.amounts.total, i.amounts.currency)}</strong>
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <WarningButton invoice={i} onOpen={() => onWarning(i)} />
              <Downloads invoice={i} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label="Facturi primite">
      <TableHead>
        <TableRow>
          <TableCell>Furnizor</TableCell>
          <TableCell>Data facturii</TableCell>
          <TableCell>Data e-Factura</TableCell>
          <TableCell>Numar factura</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">TVA</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell>Avertismente</TableCell>
          <TableCell>Descarcare</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((i) => (
          <TableRow key={i.receivedInvoiceId} sx={highlight(i)} data-warning={i.warnings.status === 1 ? 'open' : undefined}>
            <TableCell>{seller(i)}</TableCell>
            <TableCell>{formatDate(i.generalData.invoiceDate)}</TableCell>
            <TableCell>{formatDateTime(i.eInvoiceData.date)}</TableCell>
            <TableCell>
              {i.generalData.invoiceIdentification}
              {i.kind === 'creditNote' && <Chip size="small" sx={{ ml: 1 }} label="Storno" />}
            </TableCell>
            <TableCell>{status(i)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(i.amounts.tax, i.amounts.currency)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              {money(i.amounts.total, i.amounts.currency)}
            </TableCell>
            <TableCell>
              <WarningButton invoice={i} onOpen={() => onWarning(i)} />
            </TableCell>
            <TableCell>
              <Downloads invoice={i} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /profile/invoicing-system/system-invoices/received/list: the received invoices of a connected company (issue 25). */
export default function ReceivedInvoicesPage() {
  const { values, update } = useTableQuery(TABLE);
  const billing = useConnectedCompanies();
  const connected = billing.data ?? [];
  const company = connected.find((e) => e.entityData.identificationCode === values.company) ?? connected[0];
  const to = values.to || bucharestDay();
  const from = values.from || monthBefore(to);
  const usedDate = values.by ?? 'invoiceDate';
  const list = useReceivedInvoices(
    company
      ? {
          identificationCode: company.entityData.identificationCode,
          usedDate,
          filtersObj: { status: values.status, date: { fromDate: from, toDate: to }, seller: { name: values.seller, identification: values.sellerId }, pagination: values.page },
        }
      : null,
  );
  const [warningOf, setWarningOf] = useState<number | null>(null);
  const rows = list.data?.list ?? [];
  const type = list.data?.accountType ?? 'customer';
  const warning = rows.find((r) => r.receivedInvoiceId === warningOf);

  if (billing.isPending) return <LoadingState label="Se incarca firmele conectate..." />;
  if (billing.isError) return <ErrorState message={einvoiceMessages.companiesFailed} onRetry={() => void billing.refetch()} />;
  return (
    <>
      <PageHeader title="Facturi primite" subtitle="Facturile primite prin e-Factura (SPV) de firmele conectate, pastrate cu originalul semnat." />
      {!company ? (
        <Card sx={{ maxWidth: 720 }}>
          <CardContent>
            <Typography sx={{ mb: 2 }}>Nicio firma nu este conectata la sistemul e-Factura. Conectati o firma verificata din Date facturare.</Typography>
            <Button component={RouterLink} to="/profile/billing/data/list" variant="contained">
              Date facturare
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <CompanyCard company={company} others={connected.filter((c) => c !== company)} onChange={(code) => update({ company: code })} />
          {list.data && list.data.lastSync === null && (
            <Alert severity="info" sx={{ mb: 2, maxWidth: 1200 }} action={<Button onClick={() => void list.refetch()}>Reincarca</Button>}>
              Conectarea a reusit. Facturile vor fi descarcate in curand.
            </Alert>
          )}
          <Box role="search" aria-label="Filtre facturi primite" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '160px 160px max-content minmax(160px, 1fr) minmax(160px, 1fr) minmax(140px, 1fr)' }, alignItems: 'center', mb: 2, maxWidth: 1200 }}>
            <DateField label="De la" value={from} onChange={(day) => update({ from: day })} max={to} />
            <DateField label="Pana la" value={to} onChange={(day) => update({ to: day })} min={from} />
            <ToggleButtonGroup exclusive size="small" value={usedDate} onChange={(_e, v: 'invoiceDate' | 'eInvoiceDate' | null) => v && update({ by: v === 'invoiceDate' ? undefined : v })} aria-label="Data folosita la filtrare" sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}>
              <ToggleButton value="invoiceDate" sx={{ whiteSpace: 'nowrap' }}>
                Data facturii
              </ToggleButton>
              <ToggleButton value="eInvoiceDate" sx={{ whiteSpace: 'nowrap' }}>
                Data e-Factura
              </ToggleButton>
            </ToggleButtonGroup>
            <TextField
              select
              label="Status"
              value={values.status}
              onChange={(e) => update({ status: (typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value) as ReceivedInvoiceStatus[] })}
              slotProps={{ select: { multiple: true, renderValue: (v) => (v as ReceivedInvoiceStatus[]).map((s) => receivedStatusLabel(type, s)).join(', ') } }}
              sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
            >
              {RECEIVED_STATUSES_SHOWN[type].map((s) => (
                <MenuItem key={s} value={s}>
                  <Checkbox size="small" checked={values.status.includes(s)} />
                  <ListItemText primary={receivedStatusLabel(type, s)} />
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Furnizor" value={values.seller} onChange={(e) => update({ seller: e.target.value })} />
            <TextField label="CUI furnizor" value={values.sellerId} onChange={(e) => update({ sellerId: e.target.value })} />
          </Box>
          <ListStates query={list} loadingLabel="Se incarca facturile..." errorMessage={RECEIVED_MESSAGES.listFailed} maxWidth={1200} empty={{ when: rows.length === 0, icon: <ReceiptLongOutlinedIcon aria-hidden />, text: 'Nicio factura primita in perioada si cu filtrele alese.' }}>
            <Rows rows={rows} type={type} onSeller={(id) => update({ sellerId: id })} onWarning={(i) => setWarningOf(i.receivedInvoiceId)} />
            <Paginator page={values.page} pageSize={RECEIVED_PAGE_SIZE} count={list.data?.pagination.totalCount ?? 0} onChange={(page) => update({ page })} />
          </ListStates>
          {warning && <WarningDialog invoice={warning} onClose={() => setWarningOf(null)} />}
        </>
      )}
    </>
  );
}
