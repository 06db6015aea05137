import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { AddressFields } from '../../../components/address-form/address-fields';
import type { AddressFormValues } from '../../../components/address-form/address-values';
import { CustomerLookupButton, CustomerLookupNotice, type LookupOutcome } from './customer-lookup';
import { applyPick, isRomanian, type CustomerDraft, type CustomerPick } from './invoice-draft';

/*
 * The invoice's customer (issue 26): a company or a person, named and identified, and its address.
 * A Romanian address is chosen in the nomenclature with the shared address fields (county,
 * locality, street, postal code); a foreign one is typed. A Romanian company can be looked up by
 * its CUI. Whatever fills the customer goes through `pick`: the look-up today, the saved
 * customers' picker of issue 27 through the `picker` slot.
 */

type Props = {
  customer: CustomerDraft;
  onChange: (customer: CustomerDraft) => void;
  /** The Romanian address (the shared address fields keep it in a form of their own). */
  address: UseFormReturn<AddressFormValues>;
  errors: Record<string, string>;
  /** Fields the user changed or a pick filled: their old messages go. */
  onEdited: (...paths: string[]) => void;
  /** A message the look-up has for a field (an invalid CUI). */
  onFieldError: (path: string, message: string) => void;
  /** Where the picker of saved customers goes (issue 27): it is handed the same `pick` the look-up uses. */
  picker?: (pick: (customer: CustomerPick) => void) => ReactNode;
};

export function InvoiceCustomer({ customer: c, onChange, address, errors, onEdited, onFieldError, picker }: Props) {
  // The shared address fields keep state of their own (the chosen locality): a filled address mounts them anew.
  const [addressKey, setAddressKey] = useState(0);
  const [lookup, setLookup] = useState<LookupOutcome | null>(null);
  const romanian = isRomanian(c);
  const set = (patch: Partial<CustomerDraft>, path: string) => {
    onChange({ ...c, ...patch });
    onEdited(path);
  };
  const pick = (p: CustomerPick) => {
    const filled = applyPick(p);
    onChange(filled.customer);
    address.reset(filled.address);
    setAddressKey((k) => k + 1);
    onEdited('buyer.type', 'buyer.name', 'buyer.identification', 'buyer.address.street', 'buyer.address.city', 'buyer.address.postalCode', 'buyer.address.country');
  };
  const text = (key: 'name' | 'identification' | 'country' | 'street' | 'city' | 'postalCode', label: string, path: string, extra: { helper?: string; flex?: number | object; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      value={c[key]}
      onChange={(e) => set({ [key]: e.target.value }, path)}
      error={!!errors[path]}
      helperText={errors[path] ?? extra.helper}
      autoComplete={extra.autoComplete ?? 'off'}
      sx={{ flex: extra.flex ?? 1, minWidth: 0 }}
    />
  );

  return (
    <Stack spacing={2}>
      {picker?.(pick)}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label="Tip client"
          value={c.type}
          onChange={(e) => set({ type: e.target.value as CustomerDraft['type'] }, 'buyer.type')}
          sx={{ flex: 1, minWidth: 160 }}
        >
          <MenuItem value="company">Firma</MenuItem>
          <MenuItem value="individual">Persoana fizica</MenuItem>
        </TextField>
        {text('country', 'Tara', 'buyer.address.country', { helper: 'Cod ISO: RO, DE...', flex: { md: 0.6 } })}
        <Stack direction="row" spacing={1} sx={{ flex: 2, alignItems: 'flex-start' }}>
          {text('identification', c.type === 'company' ? (romanian ? 'CUI / cod TVA' : 'Cod TVA') : 'CNP (optional)', 'buyer.identification')}
          {c.type === 'company' && romanian && (
            <CustomerLookupButton
              cui={c.identification}
              onPick={pick}
              onOutcome={setLookup}
              onCodeError={(message) => onFieldError('buyer.identification', message)}
            />
          )}
        </Stack>
      </Stack>
      {c.type === 'company' && romanian && lookup && <CustomerLookupNotice outcome={lookup} />}
      {text('name', c.type === 'company' ? 'Denumire client' : 'Nume si prenume', 'buyer.name', { autoComplete: 'organization' })}
      {romanian ? (
        <FormProvider {...address}>
          <AddressFields key={addressKey} variant="basic" />
        </FormProvider>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
          {text('street', 'Strada si numar', 'buyer.address.street')}
          {text('city', 'Localitate', 'buyer.address.city')}
          {text('postalCode', 'Cod postal', 'buyer.address.postalCode', { helper: 'Optional' })}
        </Box>
      )}
    </Stack>
  );
}
