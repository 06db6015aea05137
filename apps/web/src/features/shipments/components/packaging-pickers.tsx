import { AUTOCOMPLETE_DEBOUNCE_MS, type TPackagingTemplate, type TSavedPackage } from '@colete/contract';
import StarIcon from '@mui/icons-material/Star';
import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { packageSizesText } from '../../../components/packaging/package-format';
import { usePackagingTemplates, useSavedPackages } from '../../../components/packaging/packaging-api';

type ListQuery<T> = { data?: { list: T[] }; isFetching: boolean; isError: boolean };

/**
 * An action picker: choosing an option hands it over and the box empties again. The list is asked
 * only while the box is open, searched AUTOCOMPLETE_DEBOUNCE_MS after the last key (first page).
 */
function SearchPicker<T extends { id: number; name: string }>({
  label,
  useList,
  renderDetail,
  onPick,
  emptyText,
  size,
}: {
  label: string;
  useList: (search: string, enabled: boolean) => ListQuery<T>;
  renderDetail: (option: T) => ReactNode;
  onPick: (option: T) => void;
  emptyText: string;
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const list = useList(search, open);
  return (
    <Autocomplete<T>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={null}
      onChange={(_, option) => {
        if (!option) return;
        onPick(option);
        setInput('');
      }}
      inputValue={input}
      onInputChange={(_, v, reason) => setInput(reason === 'reset' ? '' : v)}
      options={list.data?.list ?? []}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      blurOnSelect
      size={size}
      loading={list.isFetching}
      loadingText="Se cauta..."
      noOptionsText={list.isError ? 'Lista nu a putut fi incarcata' : emptyText}
      openText="Deschide lista"
      closeText="Inchide lista"
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>{renderDetail(o)}</Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {list.isFetching ? <CircularProgress size={18} aria-label="Se cauta" /> : null}
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

const useTemplateList = (search: string, enabled: boolean) => usePackagingTemplates({ search, page: 1 }, enabled);
const usePackageList = (search: string, enabled: boolean) => useSavedPackages({ search, page: 1 }, enabled);

/** Picks a packaging template (favourites first, as the server orders them). */
export function PackagingTemplatePicker({ onPick, label = 'Completeaza din sablon' }: { onPick: (template: TPackagingTemplate) => void; label?: string }) {
  return (
    <SearchPicker<TPackagingTemplate>
      label={label}
      useList={useTemplateList}
      onPick={onPick}
      emptyText="Niciun sablon de ambalare gasit"
      renderDetail={(t) => (
        <>
          <Typography sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
            {t.favourite && <StarIcon fontSize="small" sx={{ color: 'warning.main' }} aria-label="Favorit" />}
            {t.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.template.envelope ? 'Plic' : t.template.packages.length === 1 ? '1 colet' : `${t.template.packages.length} colete`}
            {t.template.content ? ` · ${t.template.content}` : ''}
          </Typography>
        </>
      )}
    />
  );
}

/** Picks a saved package (its weight and sizes fill one package). */
export function SavedPackagePicker({ onPick, label = 'Pachet salvat' }: { onPick: (item: TSavedPackage) => void; label?: string }) {
  return (
    <SearchPicker<TSavedPackage>
      label={label}
      size="small"
      useList={usePackageList}
      onPick={onPick}
      emptyText="Niciun pachet salvat gasit"
      renderDetail={(p) => (
        <>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {packageSizesText(p)}
          </Typography>
        </>
      )}
    />
  );
}
