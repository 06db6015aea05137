import { CLIENT_SEARCH_DEBOUNCE_MS, type TClientSummary } from '@colete/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import { useSelectedClient } from '../lib/selected-client';
import { useDebouncedValue } from '../lib/use-debounced-value';

type ClientSearchResponse = { success: true; list: TClientSummary[] };

/** The admin's client selector: search clients by name or email; the choice is shared by admin-aware pages. */
export function ClientSelector() {
  const { client, setClient } = useSelectedClient();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, CLIENT_SEARCH_DEBOUNCE_MS);
  const clients = useQuery({
    queryKey: ['admin', 'clients', search],
    queryFn: () => api<ClientSearchResponse>('GET', `admin/clients?search=${encodeURIComponent(search)}`),
    placeholderData: (previous) => previous,
  });

  return (
    <Autocomplete<TClientSummary>
      sx={{ width: { xs: '100%', sm: 320 } }}
      size="small"
      value={client}
      onChange={(_, value) => setClient(value)}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      options={clients.data?.list ?? []}
      filterOptions={(x) => x}
      loading={clients.isFetching}
      getOptionLabel={(c) => `${c.name} (${c.email})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={clients.isError ? 'Clientii nu au putut fi incarcati' : 'Niciun client gasit'}
      loadingText="Se cauta..."
      renderInput={(params) => (
        <TextField {...params} label="Client selectat" placeholder="Cauta dupa nume sau email" />
      )}
    />
  );
}
