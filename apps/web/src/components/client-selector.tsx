import { CLIENT_SEARCH_DEBOUNCE_MS, type TClientSummary } from '@colete/contract';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client';
import { useSelectedClient } from '../lib/selected-client';
import { useDebouncedValue } from '../lib/use-debounced-value';

const clientLabel = (c: TClientSummary) => `${c.name} (${c.email})`;

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

  // Wide enough for a client's whole name and email; on a phone the whole text is also written under it.
  return (
    <Box sx={{ flex: 1, minWidth: 0, width: '100%', maxWidth: { sm: 640 } }}>
    <Autocomplete<TClientSummary>
      fullWidth
      size="small"
      value={client}
      onChange={(_, value) => setClient(value)}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      options={clients.data?.list ?? []}
      filterOptions={(x) => x}
      loading={clients.isFetching}
      getOptionLabel={clientLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={clients.isError ? 'Clientii nu au putut fi incarcati' : 'Niciun client gasit'}
      loadingText="Se cauta..."
      renderInput={(params) => (
        <TextField {...params} label="Client selectat" placeholder="Cauta dupa nume sau email" />
      )}
    />
    {client && (
      <Typography variant="body2" sx={{ display: { sm: 'none' }, mt: 1, overflowWrap: 'anywhere' }} data-testid="selected-client">
        {clientLabel(client)}
      </Typography>
    )}
    </Box>
  );
}
