import { Box, Checkbox, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../components/address-form/address-fields';
import { AddressBookPicker } from '../../../components/address-book/address-book-picker';
import { SectionCard } from './section-card';
import { PICK_FROM_LIST, type PartyForm, type PartySource } from './party-form';
import { ContactFields } from '../../../components/contact-fields';
import { entryStreetLine } from '../../../components/address-form/address-text';

/**
 * The sender or the recipient: an entry of the address book, or a new address typed in the shared
 * address form with its contact (the phone checked by the contract's rules), optionally saved in the book.
 */
export function PartySection({
  id,
  title,
  form,
  source,
  onSource,
  showErrors,
}: {
  id: string;
  title: string;
  form: PartyForm;
  source: PartySource;
  onSource: (source: PartySource) => void;
  showErrors: boolean;
}) {
  const { errors } = form.formState;
  const save = useWatch({ control: form.control, name: 'save' });
  const text = (name: 'contactName' | 'contactCompany' | 'contactPhone' | 'contactEmail' | 'saveAs', label: string, autoComplete = 'off', type = 'text') => (
    <TextField label={label} type={type} autoComplete={autoComplete} {...form.register(name)} error={!!errors[name]} helperText={errors[name]?.message} />
  );

  return (
    <SectionCard id={id} title={title}>
      <RadioGroup
        row
        aria-label={`Adresa ${title.toLowerCase()}`}
        value={source.mode}
        onChange={(e) => onSource(e.target.value === 'book' ? { mode: 'book', entry: null } : { mode: 'new' })}
        sx={{ mb: 2, mt: -1 }}
      >
        <FormControlLabel value="book" control={<Radio />} label="Din agenda" />
        <FormControlLabel value="new" control={<Radio />} label="Adresa noua" />
      </RadioGroup>
      {source.mode === 'book' ? (
        <>
          <AddressBookPicker
            label="Adresa din agenda"
            value={source.entry}
            onChange={(entry) => onSource({ mode: 'book', entry })}
            error={showErrors && !source.entry ? PICK_FROM_LIST : undefined}
          />
          {source.entry && (
            <Box sx={{ mt: 1.5, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              <Typography color="text.primary" sx={{ fontWeight: 600 }}>
                {source.entry.contactName}
                {source.entry.contactCompany ? ` · ${source.entry.contactCompany}` : ''}
              </Typography>
              <Typography variant="body2">{source.entry.contactPhone}</Typography>
              <Typography variant="body2">{entryStreetLine(source.entry)}</Typography>
            </Box>
          )}
        </>
      ) : (
        <FormProvider {...form}>
          <ContactFields fields={['contactName', 'contactCompany', 'contactPhone', 'contactEmail']} sx={{ mb: 2 }} />
          <AddressFields />
          <Box sx={{ mt: 1, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
            <Controller
              control={form.control}
              name="save"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
                  label="Salveaza in agenda de adrese"
                />
              )}
            />
            {save && text('saveAs', 'Nume adresa')}
          </Box>
        </FormProvider>
      )}
    </SectionCard>
  );
}
