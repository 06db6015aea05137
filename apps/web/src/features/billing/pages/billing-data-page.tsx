import { billingAddressLine, type TBillingData } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { apiErrorMessage } from '../../../lib/api-client';
import { useActivateBillingData } from '../api/activate-billing-data';
import { useDeleteBillingData } from '../api/delete-billing-data';
import { useBillingList } from '../api/get-billing-list';
import { BillingDialog } from '../components/billing-dialog';
import { BillingTabs } from '../components/billing-tabs';
import { ContactDialog } from '../components/contact-dialog';
import { SettleAccount } from '../components/settle-account';

const VERIFY: Record<TBillingData['verifyStatus'], { label: string; color: 'success' | 'error' | 'warning'; hint: string }> = {
  verified: { label: 'Verificat', color: 'success', hint: 'Datele au fost verificate.' },
  invalid: { label: 'Invalid', color: 'error', hint: 'Nu se emit facturi pe aceste date: codul fiscal nu este inregistrat la ANAF, firma este radiata sau inactiva, ori denumirea nu este cea din registru.' },
  pendingVerification: { label: 'In curs de verificare', color: 'warning', hint: 'Nu se emit facturi pana la verificarea cu ANAF.' },
};

/**
 * What another area shows on each entry card: the app composes the page with e-invoicing's chip
 * and connect button (app/routes/billing-data-route.tsx), as a feature does not import another.
 */
export type BillingEntryExtras = { badge?: (entry: TBillingData) => ReactNode; action?: (entry: TBillingData) => ReactNode };

function EntryCard({ entry, extras, locked, onEdit, onActivate, onDelete }: { entry: TBillingData; extras: BillingEntryExtras; locked: boolean; onEdit: () => void; onActivate: () => void; onDelete: () => void }) {
  const v = VERIFY[entry.verifyStatus];
  const connected = entry.eInvoice?.state === 'ACTIVE';
  const a = entry.address;
  return (
    <Card component="article" aria-label={entry.entityData.name} sx={{ borderColor: entry.isActive ? 'primary.main' : undefined, borderWidth: entry.isActive ? 2 : 1 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', flex: 1 }}>
            {entry.entityData.name}
          </Typography>
          {entry.isActive && <Chip size="small" color="primary" label="Activ" />}
          <Tooltip title={v.hint}>
            <Chip size="small" color={v.color} variant="outlined" label={v.label} />
          </Tooltip>
          {extras.badge?.(entry)}
        </Stack>
        <Typography variant="body2">
          {entry.entityData.isCompany ? 'Firma' : 'Persoana fizica'} · {entry.entityData.isCompany ? 'CUI' : 'CNP'} {entry.entityData.identificationCode}
          {entry.entityData.tradeRegister ? ` · ${entry.entityData.tradeRegister}` : ''}
          {entry.entityData.isVatPayer ? ' · platitor de TVA' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {billingAddressLine(a)}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {extras.action?.(entry)}
        <Button onClick={onEdit} disabled={locked}>
          Modifica
        </Button>
        {!entry.isActive && (
          <Button onClick={onActivate} disabled={locked || entry.verifyStatus === 'invalid'}>
            Activeaza
          </Button>
        )}
        {!entry.isActive && !connected && (
          <Button color="error" onClick={onDelete}>
            Sterge
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

export default function BillingDataPage({ extras = {} }: { extras?: BillingEntryExtras }) {
  const list = useBillingList();
  const remove = useDeleteBillingData();
  const activate = useActivateBillingData();
  const { enqueueSnackbar } = useSnackbar();
  // ?adauga=firma (from e-Factura's 'Adauga o firma noua'): the add dialog opens at once.
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<TBillingData | 'new' | null>(() => (params.get('adauga') === 'firma' ? 'new' : null));
  const [contactOpen, setContactOpen] = useState(false);
  const [deleting, setDeleting] = useState<TBillingData | null>(null);
  const [activating, setActivating] = useState<TBillingData | null>(null);

  const done = (close: () => void) => ({
    onSuccess: (d: { message: string }) => {
      enqueueSnackbar(d.message, { variant: 'success' });
      close();
    },
    onError: (e: unknown) => enqueueSnackbar(apiErrorMessage(e), { variant: 'error' }),
  });

  const data = list.data;
  // Editing or activating waits for a settled account, unless several companies may be used (spec 000 section 4).
  const locked = !!data && !data.settled && !data.multiCompanySelect.enabled;

  return (
    <>
      <PageHeader
        title="Date de facturare"
        subtitle="Firmele sau persoanele pe care se emit facturile. Facturile se emit pe datele active."
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<ContactPhoneOutlinedIcon />} onClick={() => setContactOpen(true)} disabled={!data}>
              Date de contact
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Adauga
            </Button>
          </Stack>
        }
      />
      <BillingTabs />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError || !data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <>
          <SettleAccount settled={data.settled} locked={locked} />
          {data.list.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
              <ReceiptLongOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
              <Typography sx={{ mb: 2 }}>Nu aveti date de facturare. Adaugati firma sau persoana pe care se emit facturile.</Typography>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Adauga date de facturare
              </Button>
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              {data.list.map((entry) => (
                <EntryCard
                  key={entry.fiscalSubaccountNumber}
                  entry={entry}
                  extras={extras}
                  locked={locked}
                  onEdit={() => setEditing(entry)}
                  onActivate={() => setActivating(entry)}
                  onDelete={() => setDeleting(entry)}
                />
              ))}
            </Box>
          )}
        </>
      )}
      {editing && <BillingDialog entry={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {contactOpen && data && <ContactDialog contact={data.contactData} onClose={() => setContactOpen(false)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Stergere date de facturare"
        confirmLabel="Sterge"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.fiscalSubaccountNumber, done(() => setDeleting(null)))}
      >
        Sigur doriti sa stergeti datele de facturare „{deleting?.entityData.name}”?
      </ConfirmDialog>
      <ConfirmDialog
        open={!!activating}
        title="Activare date de facturare"
        confirmLabel="Activeaza"
        pending={activate.isPending}
        onClose={() => setActivating(null)}
        onConfirm={() => activating && activate.mutate(activating.fiscalSubaccountNumber, done(() => setActivating(null)))}
      >
        Facturile urmatoare se vor emite pe „{activating?.entityData.name}”. Continuati?
      </ConfirmDialog>
    </>
  );
}
