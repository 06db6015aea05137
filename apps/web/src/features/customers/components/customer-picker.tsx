import { CUSTOMER_SEARCH_DEBOUNCE_MS, type TCustomer } from '@colete/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCustomers } from '../api/get-customers';
import { typeLabel } from './customer-text';

/**
 * A customer chosen from the book by name (the same search as the list, 500 ms after the last
 * key): 'Trimite factura' fills its customer with it (issue 27).
 */
export function CustomerPicker({ onPick, label = 'Alege din lista de clienti' }: { onPick: (customer: TCustomer) => void; label?: string }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), CUSTOMER_SEARCH_DEBOUNCE_MS);
  const list = useCustomers({ search, page: 1, limit: 10 });
  return (
    <Autocomplete
      options={list.data?.list ?? []}
      filterOptions={(x) => x}
      getOptionLabel={(c) => c.name}
      getOptionKey={(c) => c.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={list.isFetching}
      loadingText="Se cauta..."
      noOptionsText="Niciun client gasit"
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, c) => c && onPick(c)}
      renderOption={(props, c) => (
        <li {...props} key={c.id}>
          <span>
            {c.name}
            <br />
            <small>
              {typeLabel(c)}
              {c.identification ? ` · ${c.identification}` : ''}
              {c.addressText ? ` · ${c.addressText}` : ''}
            </small>
          </span>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
