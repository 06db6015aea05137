import { ADDRESS_SEARCH_DEBOUNCE_MS, type TAddressEntry } from '@colete/contract';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAddressBook } from './use-address-book';
import { entryStreetLine } from '../address-form/address-text';
import { renderAddressEntryOption } from './address-entry-option';

const renderStreetOption = renderAddressEntryOption(entryStreetLine);

/** An address-book entry chosen from the list, searched as one types (name, contact or address). */
export function AddressBookPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: TAddressEntry | null;
  onChange: (entry: TAddressEntry | null) => void;
  error?: string;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, ADDRESS_SEARCH_DEBOUNCE_MS);
  // While the box shows the chosen entry's name, list the whole book rather than that one name.
  const book = useAddressBook(value && search === value.shortName ? '' : search);
  const options = book.data?.addresses ?? [];

  return (
    <Autocomplete<TAddressEntry>
      value={value}
      onChange={(_, entry) => onChange(entry)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(x) => x}
      getOptionLabel={(e) => e.shortName}
      getOptionKey={(e) => e.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={book.isFetching}
      loadingText="Se cauta..."
      noOptionsText={book.isError ? 'Adresele nu au putut fi incarcate' : 'Nicio adresa gasita'}
      renderOption={renderStreetOption}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {book.isFetching ? <CircularProgress size={18} aria-label="Se cauta" /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
