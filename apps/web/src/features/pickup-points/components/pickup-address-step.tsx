import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_TYPE_LOCKED, messages } from '@colete/contract';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../components/address-form/address-fields';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PickupFormValues } from '../api/add-pickup-point';
import { useAddressBook } from '../../../components/address-book/use-address-book';
import { ContactFields } from '../../../components/contact-fields';
import { entryAddressLine } from '../../../components/address-form/address-text';

/** Step 1 from the address book: searchable, one entry chosen. */
function AddressBookChoice({ onNew }: { onNew: () => void }) {
  const { control, formState, clearErrors } = useFormContext<PickupFormValues>();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const book = useAddressBook(debounced);
  const error = formState.errors.addressId?.message;
  const rows = book.data?.addresses ?? [];

  return (
    <>
      <TextField
        label="Cautare in agenda"
        placeholder="Nume, persoana de contact, localitate, strada..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 2, maxWidth: 480 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
      />
      {book.isPending ? (
        <LoadingState label="Se incarca adresele..." />
      ) : book.isError ? (
        <ErrorState onRetry={() => void book.refetch()} />
      ) : rows.length === 0 ? (
        <Box sx={{ py: 3 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {debounced ? 'Nicio adresa nu corespunde cautarii.' : messages.address.empty}
          </Typography>
          <Button variant="outlined" onClick={onNew}>
            Completati o adresa noua
          </Button>
        </Box>
      ) : (
        <Controller
          control={control}
          name="addressId"
          render={({ field }) => (
            <FormControl error={!!error} sx={{ width: '100%' }}>
              <FormLabel id="pickup-book-label" sx={{ mb: 1 }}>
                Alegeti adresa punctului de ridicare
              </FormLabel>
              <RadioGroup
                aria-labelledby="pickup-book-label"
                value={field.value ? String(field.value) : ''}
                onChange={(e) => {
                  field.onChange(Number(e.target.value));
                  clearErrors('addressId');
                }}
                sx={{ gap: 1, opacity: book.isPlaceholderData ? 0.6 : 1 }}
              >
                {rows.map((a) => (
                  <Paper key={a.id} variant="outlined" sx={{ px: 1.5, py: 0.5, borderColor: field.value === a.id ? 'primary.main' : undefined }}>
                    <FormControlLabel
                      value={String(a.id)}
                      control={<Radio />}
                      sx={{ width: '100%', m: 0 }}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                            <Typography sx={{ fontWeight: 600 }}>{a.shortName}</Typography>
                            {a.type === ADDRESS_TYPE_LOCKED && <Chip size="small" variant="outlined" icon={<LockOutlinedIcon />} label="Punct de ridicare" />}
                          </Stack>
                          <Typography variant="body2" color="text.secondary">
                            {entryAddressLine(a)}
                          </Typography>
                        </Box>
                      }
                    />
                  </Paper>
                ))}
              </RadioGroup>
              {error && <FormHelperText>{error}</FormHelperText>}
              {(book.data?.count ?? 0) > rows.length && (
                <FormHelperText>Sunt afisate primele {rows.length} adrese; cautati pentru a le gasi pe celelalte.</FormHelperText>
              )}
            </FormControl>
          )}
        />
      )}
    </>
  );
}

/** Step 1 as a new address: contact, the shared address form, and the optional address-book name. */
function NewAddress() {
  const { register, control, formState } = useFormContext<PickupFormValues>();
  const errors = formState.errors;
  const saveToBook = useWatch({ control, name: 'saveToBook' });
  return (
    <>
      <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
        Date de contact
      </Typography>
      <ContactFields fields={['contactName', 'contactCompany', 'contactPhone', 'contactPhone2', 'contactEmail']} sx={{ mb: 3 }} />
      <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
        Adresa
      </Typography>
      <AddressFields />
      <Box sx={{ mt: 3, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
        <Controller
          control={control}
          name="saveToBook"
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Salveaza adresa in agenda" />
          )}
        />
        <TextField
          label="Nume adresa"
          disabled={!saveToBook}
          {...register('saveAs')}
          error={!!errors.saveAs}
          helperText={errors.saveAs?.message ?? (saveToBook ? 'Numele sub care apare adresa in agenda.' : 'Adresa apare in agenda cu numele „Punct de ridicare” si numele curierului.')}
        />
      </Box>
    </>
  );
}

/** Step 1 (spec 000 section 2): a saved address from the address book, or an address form. */
export function PickupAddressStep() {
  const { control, setValue, clearErrors } = useFormContext<PickupFormValues>();
  const source = useWatch({ control, name: 'source' });
  const choose = (next: PickupFormValues['source']) => {
    setValue('source', next);
    clearErrors();
  };
  return (
    <>
      <FormControl sx={{ mb: 2 }}>
        <FormLabel id="pickup-source-label">Adresa punctului de ridicare</FormLabel>
        <RadioGroup row aria-labelledby="pickup-source-label" value={source} onChange={(e) => choose(e.target.value as PickupFormValues['source'])}>
          <FormControlLabel value="book" control={<Radio />} label="Adresa din agenda" />
          <FormControlLabel value="new" control={<Radio />} label="Adresa noua" />
        </RadioGroup>
      </FormControl>
      {source === 'book' ? <AddressBookChoice onNew={() => choose('new')} /> : <NewAddress />}
    </>
  );
}
