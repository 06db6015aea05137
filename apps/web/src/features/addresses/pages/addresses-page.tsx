import { ADDRESS_PAGE_SIZE, ADDRESS_SEARCH_DEBOUNCE_MS, messages, type TAddressEntry } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import WrongLocationOutlinedIcon from '@mui/icons-material/WrongLocationOutlined';
import { Box, Button, InputAdornment, Skeleton, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { apiErrorMessage } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { AddressCard } from '../components/address-card';
import { AddressDialog } from '../components/address-dialog';

/** Search and page live in the URL, so a reload or a shared link shows the same list. */
function useAddressesTableQuery() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const update = (next: { page?: number; search?: string }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next.search !== undefined) {
          if (next.search) out.set('search', next.search);
          else out.delete('search');
          out.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) out.set('page', String(next.page));
          else out.delete('page');
        }
        return out;
      },
      { replace: true },
    );
  return { page, search, update };
}

export default function AddressesPage() {
  const { page, search, update } = useAddressesTableQuery();
  const [searchInput, setSearchInput] = useState(search);
  const debounced = useDebouncedValue(searchInput, ADDRESS_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== search) update({ search: debounced });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const acting = useActingParams();
  const list = useAddresses({ search, page, ...acting });
  const remove = useDeleteAddress();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<TAddressEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAddressEntry | null>(null);

  const onDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message, { variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => enqueueSnackbar(apiErrorMessage(error), { variant: 'error' }),
    });

  const rows = list.data?.addresses ?? [];
  // A page past the end (the last entry of a page deleted, an old link): go to the last page.
  const count = list.data?.count ?? 0;
  useEffect(() => {
    if (!list.isPlaceholderData && rows.length === 0 && count > 0 && page > 1) update({ page: Math.ceil(count / ADDRESS_PAGE_SIZE) });
    // update is recreated each render; the page and the answer decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows.length, count, page, list.isPlaceholderData]);
  return (
    <>
      <PageHeader
        title="Adrese"
        subtitle="Agenda de adrese pentru expeditii si ridicari."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Adauga adresa
          </Button>
        }
      />
      <TextField
        label="Cautare in agenda"
        placeholder="Nume, persoana de contact, localitate, strada..."
        value={searchInput}
        onChange={(e) => setSearchInput(e.target.value)}
        sx={{ mb: 3, maxWidth: 480 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
      />

      {list.isPending ? (
        <Box role="status" aria-label="Se incarca adresele" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={170} />
          ))}
        </Box>
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <WrongLocationOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography sx={{ mb: 2 }}>{search ? 'Nicio adresa nu corespunde cautarii.' : messages.address.empty}</Typography>
          {!search && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Adauga prima adresa
            </Button>
          )}
        </Box>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((entry) => (
              <AddressCard key={entry.id} entry={entry} onEdit={() => setEditing(entry)} onDelete={() => setDeleting(entry)} />
            ))}
          </Box>
          <Paginator page={page} pageSize={ADDRESS_PAGE_SIZE} count={list.data.count} onChange={(p) => update({ page: p })} />
        </>
      )}

      {editing && <AddressDialog entry={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Stergere adresa"
        confirmLabel="Sterge"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        Sigur doriti sa stergeti adresa „{deleting?.shortName}”?
      </ConfirmDialog>
    </>
  );
}
