import { ADDRESS_PAGE_SIZE, ADDRESS_SEARCH_DEBOUNCE_MS, messages, type TAddressEntry } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import WrongLocationOutlinedIcon from '@mui/icons-material/WrongLocationOutlined';
import { Box, Button, InputAdornment, Skeleton, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { apiErrorMessage } from '../../../lib/api-client';
import { SEARCH_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { AddressCard } from '../components/address-card';
import { AddressDialog } from '../components/address-dialog';

export default function AddressesPage() {
  const { values, input, setInput, update } = useTableQuery(SEARCH_TABLE, { debounceMs: ADDRESS_SEARCH_DEBOUNCE_MS });
  const { page, search } = values;

  const list = useAddresses({ search, page });
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
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, page, ADDRESS_PAGE_SIZE, update);
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
        value={input.search}
        onChange={(e) => setInput('search', e.target.value)}
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
