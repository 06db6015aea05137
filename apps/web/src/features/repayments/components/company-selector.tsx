import { CLIENT_SEARCH_DEBOUNCE_MS, REPAYMENTS_LIST_MESSAGES as T, type TRepaymentCompany } from '@colete/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useSelectedClient } from '../../../lib/selected-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRepaymentCompanies } from '../api/repayments-api';

/**
 * The admins' company selector of the repayments list: a company (a client's billing data) by
 * name; choosing one selects its client too, and the list keeps to that company's client.
 */
export function CompanySelector({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { setClient } = useSelectedClient();
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<TRepaymentCompany | null>(null);
  const search = useDebouncedValue(input, CLIENT_SEARCH_DEBOUNCE_MS);
  const companies = useRepaymentCompanies(search, true);
  const options = companies.data?.list ?? [];
  const current = chosen && chosen.id === value ? chosen : (options.find((c) => c.id === value) ?? null);
  return (
    <Autocomplete<TRepaymentCompany>
      size="small"
      value={current}
      onChange={(_, c) => {
        setChosen(c);
        if (c) setClient({ id: c.clientId, name: c.clientName, email: c.clientEmail, accountType: c.clientAccountType });
        onChange(c?.id);
      }}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      options={options}
      filterOptions={(x) => x}
      loading={companies.isFetching}
      getOptionLabel={(c) => `${c.name} (${c.clientName})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="Nicio firma gasita"
      loadingText="Se cauta..."
      renderInput={(params) => <TextField {...params} label={T.company} placeholder={T.companyPlaceholder} />}
    />
  );
}
