import { messages, type TInvoicingSettings } from '@colete/contract';
import { Card, CardContent, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { SaveBar } from '../../../components/form-actions';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useInvoicingSettings } from '../api/get-invoicing-settings';
import { useSaveInvoicingSettings } from '../api/save-invoicing-settings';
import { BillingTabs } from '../components/billing-tabs';

const ITEMS: { key: keyof TInvoicingSettings; title: string; on: string; off: string }[] = [
  {
    key: 'invoiceEveryPrepay',
    title: 'Factura la fiecare reincarcare',
    on: 'Fiecare reincarcare a contului preplatit primeste factura de avans imediat dupa plata.',
    off: 'Reincarcarile nu se factureaza: comenzile platite din sold se factureaza ca servicii.',
  },
  {
    key: 'invoiceEveryOrder',
    title: 'Factura pentru fiecare comanda',
    on: 'Fiecare comanda activata primeste propria factura.',
    off: 'Comenzile nefacturate se strang intr-o singura factura la sfarsitul lunii.',
  },
];

function SettingsForm({ initial }: { initial: TInvoicingSettings }) {
  const [values, setValues] = useState({ invoiceEveryPrepay: initial.invoiceEveryPrepay.value, invoiceEveryOrder: initial.invoiceEveryOrder.value });
  const save = useSaveInvoicingSettings();
  const { enqueueSnackbar } = useSnackbar();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // Only what the client changed becomes theirs (modifiedManually); the rest keeps following the platform.
    const changed = Object.fromEntries(
      ITEMS.filter((i) => values[i.key] !== initial[i.key].value || initial[i.key].modifiedManually).map((i) => [i.key, { value: values[i.key] }]),
    );
    save.mutate(
      changed,
      {
        onSuccess: (data) => enqueueSnackbar(data.message, { variant: 'success' }),
        onError: (e) =>
          enqueueSnackbar(e instanceof ApiError && e.status === 400 ? messages.common.cannotSaveInvalid : messages.invoicing.settingsError, { variant: 'error' }),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Setari facturare">
      <Stack spacing={2} sx={{ mb: 3 }}>
        {ITEMS.map((item) => {
          const checked = values[item.key];
          const manual = initial[item.key].modifiedManually;
          return (
            <Card key={item.key} variant="outlined">
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <FormControlLabel
                    control={<Switch checked={checked} onChange={(e) => setValues((v) => ({ ...v, [item.key]: e.target.checked }))} />}
                    label={<Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>}
                  />
                  <Chip size="small" variant="outlined" color={manual ? 'primary' : 'default'} label={manual ? 'Setat de dumneavoastra' : 'Setare implicita'} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {checked ? item.on : item.off}
                </Typography>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      <SaveBar pending={save.isPending} />
    </form>
  );
}

/** /profile/billing/settings: invoiceEveryPrepay and invoiceEveryOrder (spec 000 section 3). */
export default function InvoicingSettingsPage() {
  const settings = useInvoicingSettings();
  return (
    <>
      <PageHeader title="Setari facturare" subtitle="Cand emitem facturile pentru reincarcari si pentru comenzi." />
      <BillingTabs />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} />
      )}
    </>
  );
}
