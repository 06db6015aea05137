import { rankByName, type TCounty } from '@colete/contract';
import { Autocomplete, TextField } from '@mui/material';
import type { Ref } from 'react';
import { useCounties } from './geo-api';

/**
 * The county, chosen by typing: 'Iasi' lists Iași first (diacritics ignored; the same name, then
 * names starting with the text, then the rest that hold it), and Enter takes the first.
 */
export function CountyField(props: {
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
  error?: string;
}) {
  const counties = useCounties();
  const list = counties.data ?? [];
  const value = list.find((c) => c.code === props.value) ?? null;
  return (
    <Autocomplete<TCounty>
      value={value}
      onChange={(_, c) => props.onChange(c?.code ?? '')}
      onBlur={props.onBlur}
      options={list}
      autoHighlight
      filterOptions={(options, { inputValue }) => (value && inputValue === value.name ? options : rankByName(options, inputValue, (c) => c.name))}
      getOptionLabel={(c) => c.name}
      getOptionKey={(c) => c.code}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      disabled={props.disabled || !counties.data}
      noOptionsText="Niciun judet gasit"
      slotProps={{ listbox: { sx: { maxHeight: 360 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Judet"
          name="countyCode"
          inputRef={props.inputRef}
          error={!!props.error}
          helperText={props.error ?? (counties.isError ? 'Judetele nu au putut fi incarcate' : undefined)}
        />
      )}
    />
  );
}
