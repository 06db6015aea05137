import { EINVOICE_COMPANY_MESSAGES, EINVOICE_DELETE_WORD, type TEInvoiceCompany } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListStates } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useCompanyAction, useEInvoiceCompanies } from '../api/einvoice-companies';

/* /profile/invoicing-system/companies/list, 'Management firme' (issue 25; spec 002 sections 2.7 and 8). */

function CompanyCard({ company, onRefresh, onDelete }: { company: TEInvoiceCompany; onRefresh: () => void; onDelete: () => void }) {
  const active = company.state === 'ACTIVE';
  return (
    <Card component="li" aria-label={company.name}>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack sx={{ minWidth: 220, flex: '1 1 260px' }}>
          <Typography sx={{ fontWeight: 600 }}>{company.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            CUI {company.identificationCode}
            {company.tradeRegister ? ` · ${company.tradeRegister}` : ''}
          </Typography>
        </Stack>
        <Stack sx={{ flex: '1 1 200px' }}>
          <Typography variant="body2" color="text.secondary">
            Ultima sincronizare
          </Typography>
          <Typography variant="body2">{company.lastSync ? formatDateTime(company.lastSync) : 'Nicio sincronizare inca'}</Typography>
        </Stack>
        <Chip color={active ? 'success' : 'error'} label={active ? `Activ pana la ${formatDate(company.refreshExpiresAt)}` : 'Inactiv'} />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={onRefresh}>
            Actualizeaza conexiune
          </Button>
          <Button variant="outlined" size="small" color="error" onClick={onDelete}>
            Sterge
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function EInvoiceCompaniesPage() {
  const companies = useEInvoiceCompanies();
  const refresh = useCompanyAction('refresh');
  const remove = useCompanyAction('delete');
  const { enqueueSnackbar } = useSnackbar();
  const [asked, setAsked] = useState<{ kind: 'refresh' | 'delete'; company: TEInvoiceCompany } | null>(null);
  const [word, setWord] = useState('');
  const list = companies.data?.list ?? [];
  const close = () => {
    setAsked(null);
    setWord('');
  };
  const run = () => {
    if (!asked) return;
    const action = asked.kind === 'delete' ? remove : refresh;
    action.mutate(asked.company.fiscalSubaccountNumber, {
      onSuccess: (r) => {
        enqueueSnackbar(r.message, { variant: 'success' });
        close();
      },
      onError: (err) => {
        enqueueSnackbar(asked.kind === 'delete' ? EINVOICE_COMPANY_MESSAGES.deleteFailed : err instanceof ApiError ? err.message : EINVOICE_COMPANY_MESSAGES.refreshFailed, { variant: 'error' });
        close();
      },
    });
  };
  return (
    <>
      <PageHeader
        title="Management firme"
        subtitle="Firmele conectate la sistemul e-Factura al ANAF."
        actions={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/profile/invoicing-system/system-invoices/received/list" startIcon={<ArrowBackIcon />}>
              Inapoi
            </Button>
            <Button component={RouterLink} to="/profile/invoicing-system/connect?adauga=1" variant="contained" startIcon={<AddIcon />}>
              Adauga o firma noua
            </Button>
          </Stack>
        }
      />
      <ListStates query={companies} loadingLabel="Se incarca firmele..." errorMessage={EINVOICE_COMPANY_MESSAGES.loadFailed} maxWidth={1100} empty={{ when: list.length === 0, icon: <BusinessOutlinedIcon aria-hidden />, text: EINVOICE_COMPANY_MESSAGES.none }}>
        <Stack component="ul" aria-label="Firme conectate" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5, maxWidth: 1100 }}>
          {list.map((c) => (
            <CompanyCard key={c.fiscalSubaccountNumber} company={c} onRefresh={() => setAsked({ kind: 'refresh', company: c })} onDelete={() => setAsked({ kind: 'delete', company: c })} />
          ))}
        </Stack>
      </ListStates>
      <ConfirmDialog open={asked?.kind === 'refresh'} title="Actualizeaza conexiunea" confirmLabel="Actualizeaza" pending={refresh.isPending} onConfirm={run} onClose={close}>
        Autorizarea ANAF a firmei {asked?.company.name} va fi reinnoita acum, pentru inca un an.
      </ConfirmDialog>
      <ConfirmDialog open={asked?.kind === 'delete'} title="Sterge firma" confirmLabel="Sterge" destructive pending={remove.isPending} confirmDisabled={word.trim() !== EINVOICE_DELETE_WORD} onConfirm={run} onClose={close}>
        <Typography sx={{ mb: 2 }}>
          Firma {asked?.company.name} nu va mai fi sincronizata cu e-Factura. Facturile primite deja raman pastrate. Scrieti {EINVOICE_DELETE_WORD} pentru a confirma.
        </Typography>
        <TextField label={`Scrieti ${EINVOICE_DELETE_WORD}`} value={word} onChange={(e) => setWord(e.target.value)} fullWidth autoFocus error={word !== '' && word.trim() !== EINVOICE_DELETE_WORD} />
      </ConfirmDialog>
    </>
  );
}
