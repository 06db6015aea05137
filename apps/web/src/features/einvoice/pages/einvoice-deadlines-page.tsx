import { commonMessages, EINVOICE_DEADLINE_NEAR_DAYS, EINVOICE_DEADLINES_PAGE_SIZE, einvoiceMessages, type TEInvoiceDeadline } from '@colete/contract';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSelectedClient } from '../../../lib/selected-client';
import { PAGE_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useEInvoiceDeadlines } from '../api/einvoice-deadlines';
import { SentStatusChip } from '../components/sent-rows';

/*
 * /profile/admin/einvoice-deadlines (issue 26): every company's sent e-invoices that e-Factura has not
 * accepted yet, whose legal deadline is two working days away or nearer, or passed; soonest first.
 * Each opens its company's sent list, acting for the client who holds it, with its status details
 * (where 'Retrimite dupa corectare' mends and sends it again).
 */

const SENT_LIST = '/profile/invoicing-system/system-invoices/sent/list';

/** The deadline: red when passed, amber while it is near. */
function Deadline({ doc }: { doc: TEInvoiceDeadline }) {
  const left = doc.late ? 'termen depasit' : doc.workingDaysLeft === 0 ? 'ultima zi' : doc.workingDaysLeft === 1 ? '1 zi lucratoare' : `${doc.workingDaysLeft} zile lucratoare`;
  return (
    <Typography component="span" variant="body2" sx={{ color: doc.late ? 'error.main' : 'warning.dark', fontWeight: 600, whiteSpace: 'nowrap' }}>
      {formatDate(doc.deadline)}
      <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 400 }}>
        {left}
      </Typography>
    </Typography>
  );
}

/** What stopped or holds it: the rules' or e-Factura's findings, else the last attempt's error. */
function Reason({ doc }: { doc: TEInvoiceDeadline }) {
  if (doc.findings.length > 0) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {doc.findings.map((f, k) => (
          <li key={k}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>{f.id}</strong>: {f.text}
            </Typography>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {doc.lastError ?? 'Asteapta trimiterea sau raspunsul e-Factura.'}
    </Typography>
  );
}

/** Its company's sent list, acting for the client who holds the company, with this document's status details open. */
function OpenLink({ doc }: { doc: TEInvoiceDeadline }) {
  const { setClient } = useSelectedClient();
  const { client } = doc.company;
  if (!client) return <Typography variant="body2" color="text.secondary">Firma nu este conectata</Typography>;
  const query = new URLSearchParams({ company: doc.company.identificationCode, from: doc.issueDate, to: doc.issueDate, details: String(doc.invoicingSystemId) });
  return (
    <Button size="small" variant="outlined" component={RouterLink} to={`${SENT_LIST}?${query}`} onClick={() => setClient(client)} aria-label={`Deschide ${doc.number} in Facturi trimise (${doc.company.name})`} sx={{ whiteSpace: 'nowrap' }}>
      Deschide
    </Button>
  );
}

function Company({ doc }: { doc: TEInvoiceDeadline }) {
  return (
    <>
      {doc.company.name}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {doc.company.identificationCode ? `CUI ${doc.company.identificationCode}` : ''}
        {doc.company.client ? ` · ${doc.company.client.email}` : ''}
      </Typography>
    </>
  );
}

const numberOf = (doc: TEInvoiceDeadline) => (
  <>
    {doc.number}
    {doc.kind === 'creditNote' && <Chip size="small" sx={{ ml: 1 }} label="Storno" />}
  </>
);

function DeadlineRows({ rows }: { rows: TEInvoiceDeadline[] }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  if (!wide) {
    return (
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Documente cu termen apropiat">
        {rows.map((d) => (
          <Box component="li" key={d.invoicingSystemId} sx={{ border: 1, borderColor: d.late ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Typography sx={{ fontWeight: 600 }}>{numberOf(d)}</Typography>
              <SentStatusChip code={d.status} />
            </Stack>
            <Typography variant="body2" component="div" sx={{ mb: 0.5 }}>
              <Company doc={d} />
            </Typography>
            <Typography variant="body2">Emisa {formatDate(d.issueDate)} · cumparator {d.buyerName}</Typography>
            <Typography variant="body2" component="div" sx={{ my: 0.5 }}>
              Termen: <Deadline doc={d} />
            </Typography>
            <Reason doc={d} />
            <Box sx={{ mt: 1 }}>
              <OpenLink doc={d} />
            </Box>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Documente cu termen apropiat">
        <TableHead>
          <TableRow>
            <TableCell>Firma</TableCell>
            <TableCell>Numar</TableCell>
            <TableCell>Data emiterii</TableCell>
            <TableCell>Termen e-Factura</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Motiv</TableCell>
            <TableCell>Corectare</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.invoicingSystemId}>
              <TableCell sx={{ minWidth: 160 }}>
                <Company doc={d} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {numberOf(d)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {d.buyerName}
                </Typography>
              </TableCell>
              <TableCell>{formatDate(d.issueDate)}</TableCell>
              <TableCell>
                <Deadline doc={d} />
              </TableCell>
              <TableCell>
                <SentStatusChip code={d.status} />
              </TableCell>
              <TableCell sx={{ minWidth: 220, maxWidth: 420 }}>
                <Reason doc={d} />
              </TableCell>
              <TableCell>
                <OpenLink doc={d} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function EInvoiceDeadlinesPage() {
  const {
    values: { page },
    update,
  } = useTableQuery(PAGE_TABLE);
  const list = useEInvoiceDeadlines(page);
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, page, EINVOICE_DEADLINES_PAGE_SIZE, update);
  return (
    <>
      <PageHeader
        title="Termene e-Factura"
        subtitle={`Documentele tuturor firmelor neacceptate inca de e-Factura, cu termenul legal (5 zile lucratoare de la emitere) depasit sau in cel mult ${EINVOICE_DEADLINE_NEAR_DAYS} zile lucratoare; cele mai urgente primele.`}
      />
      <ListStates
        query={list}
        loadingLabel="Se incarca documentele..."
        errorMessage={list.error instanceof ApiError && list.error.status === 403 ? commonMessages.forbidden : einvoiceMessages.deadlinesFailed}
        maxWidth={1400}
        empty={{ when: rows.length === 0, icon: <EventAvailableOutlinedIcon aria-hidden />, text: 'Niciun document nu are termenul aproape sau depasit.' }}
      >
        <DeadlineRows rows={rows} />
        <Paginator page={page} pageSize={EINVOICE_DEADLINES_PAGE_SIZE} count={count} onChange={(next) => update({ page: next })} />
      </ListStates>
    </>
  );
}
