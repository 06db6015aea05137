import { ZCustomerInput, type TCustomer } from '@colete/contract';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-form/address-fields';
import { EMPTY_ADDRESS, type AddressFormValues } from '../../../components/address-form/address-values';
import { lookupCodeError, lookupFailureMessage, useLookupCompany } from '../../../components/company-lookup/lookup-company';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useSaveCustomer } from '../api/save-customer';
import { addressFieldOf, draftOf, EMPTY_CUSTOMER, isRomanian, requestOf, withCompany, type CustomerDraft } from './customer-form';

/*
 * 'Adauga client' (spec 002 section 2.8, made real by issue 27) and its edit: a company or a
 * person, its identification (a Romanian company's CUI can be looked up in the register, filling
 * the name and the office), contact and address (the nomenclature's fields in Romania, typed abroad).
 */

type Field = 'type' | 'name' | 'country' | 'phone' | 'email' | 'identification' | 'address.street' | 'address.city' | 'address.postalCode';

export function CustomerDialog({ customer, onClose }: { customer?: TCustomer; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const initial = customer ? draftOf(customer) : null;
  const [draft, setDraft] = useState<CustomerDraft>(initial?.draft ?? EMPTY_CUSTOMER);
  const address = useForm<AddressFormValues>({ defaultValues: initial?.address ?? EMPTY_ADDRESS });
  const [addressKey, setAddressKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [lookupNote, setLookupNote] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const save = useSaveCustomer();
  const lookup = useLookupCompany();
  const { enqueueSnackbar } = useSnackbar();
  const romanian = isRomanian(draft);

  const set = (patch: Partial<CustomerDraft>, ...paths: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !paths.includes(k))));
  };

  const showErrors = (all: Record<string, string>) => {
    address.clearErrors();
    const own: Record<string, string> = {};
    for (const [path, text] of Object.entries(all)) {
      const part = romanian ? addressFieldOf(path) : undefined;
      if (part) address.setError(part, { type: 'server', message: text });
      else own[path] = text;
    }
    setErrors(own);
  };

  const onLookup = () => {
    setLookupNote(null);
    lookup.mutate(draft.identification.trim(), {
      onSuccess: ({ company }) => {
        const filled = withCompany(draft, company);
        setDraft(filled.draft);
        address.reset(filled.address);
        setAddressKey((k) => k + 1);
        setErrors({});
        const complete = !!company.address?.complete;
        setLookupNote({ severity: complete ? 'success' : 'info', text: complete ? 'Datele firmei au fost completate din registru.' : 'Datele firmei au fost completate; verificati adresa.' });
      },
      onError: (error) => {
        const codeError = lookupCodeError(error);
        if (codeError) setErrors((e) => ({ ...e, identification: codeError }));
        else setLookupNote({ severity: 'error', text: lookupFailureMessage(error) });
      },
    });
  };

  async function submit() {
    const request = requestOf(draft, address.getValues());
    const parsed = ZCustomerInput.safeParse(request);
    if (!parsed.success) {
      showErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    showErrors({});
    try {
      const saved = await save.mutateAsync({ id: customer?.id, input: request });
      enqueueSnackbar(saved.message, { variant: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.errors) showErrors(err.errors);
      else enqueueSnackbar(apiErrorMessage(err), { variant: 'error' });
    }
  }

  const text = (key: keyof CustomerDraft, label: string, path: Field, extra: { helper?: string; autoComplete?: string; type?: string } = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => set({ [key]: e.target.value }, path)}
      error={!!errors[path]}
      helperText={errors[path] ?? extra.helper}
      autoComplete={extra.autoComplete ?? 'off'}
      type={extra.type}
      fullWidth
    />
  );

  const generalError = save.error instanceof ApiError && !save.error.errors ? save.error.message : null;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="customer-dialog-title">
      <DialogTitle id="customer-dialog-title">{customer ? 'Modifica client' : 'Adauga client'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="Tip client" value={draft.type} onChange={(e) => set({ type: e.target.value as CustomerDraft['type'] }, 'type', 'identification')} fullWidth>
              <MenuItem value="company">Firma</MenuItem>
              <MenuItem value="individual">Persoana fizica</MenuItem>
            </TextField>
            {text('country', 'Tara', 'country', { helper: 'Cod ISO: RO, DE...' })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            {text('identification', draft.type === 'company' ? (romanian ? 'CUI (optional)' : 'Cod TVA (optional)') : 'CNP (optional)', 'identification')}
            {draft.type === 'company' && romanian && (
              <Button
                variant="outlined"
                onClick={onLookup}
                disabled={lookup.isPending || !draft.identification.trim()}
                startIcon={lookup.isPending ? <CircularProgress size={16} aria-hidden /> : <SearchIcon />}
                sx={{ mt: { sm: 1 }, flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {lookup.isPending ? 'Se cauta...' : 'Cauta dupa CUI'}
              </Button>
            )}
          </Stack>
          {lookupNote && <Alert severity={lookupNote.severity}>{lookupNote.text}</Alert>}
          {text('name', draft.type === 'company' ? 'Denumire firma' : 'Nume si prenume', 'name', { autoComplete: draft.type === 'company' ? 'organization' : 'name' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('phone', 'Telefon (optional)', 'phone', { autoComplete: 'tel', type: 'tel' })}
            {text('email', 'Email (optional)', 'email', { autoComplete: 'email', type: 'email' })}
          </Stack>
          <Typography variant="subtitle2" component="h3">
            Adresa (optional)
          </Typography>
          {romanian ? (
            <FormProvider {...address}>
              <AddressFields key={addressKey} />
            </FormProvider>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
              {text('street', 'Strada si numar', 'address.street')}
              {text('city', 'Localitate', 'address.city')}
              {text('postalCode', 'Cod postal', 'address.postalCode')}
            </Box>
          )}
          {generalError && <Alert severity="error">{generalError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Renunta</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          Salveaza
        </Button>
      </DialogActions>
    </Dialog>
  );
}
