import { CUSTOMER_PAGE_SIZES, CUSTOMER_SEARCH_DEBOUNCE_MS, messages, type TCustomer } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, InputAdornment, TablePagination, TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListStates } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { tableParam, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomers } from '../api/get-customers';
import { CustomerDialog } from '../components/customer-dialog';
import { invoiceFor, newShipmentFor } from '../components/customer-links';
import { CustomersTable, type CustomerAction } from '../components/customers-table';
import { ImportDialog } from '../components/import-dialog';

/*
 * /profile/customers: 'Lista clienti' (spec 002 sections 2.8, 5, 9; issue 27). The search by name
 * (any word's start, without case or diacritics) follows the box 500 ms after the last key; search,
 * page and page size live in the URL.
 */

const m = messages.customers;
const limitParam = {
  read: (raw: string | null) => ((CUSTOMER_PAGE_SIZES as readonly number[]).includes(Number(raw)) ? Number(raw) : 10),
  write: (n: number) => (n === 10 ? null : String(n)),
};
const CUSTOMERS_TABLE = { search: tableParam.text(), page: tableParam.page(), limit: limitParam };

export default function CustomersPage() {
  const { values, input, setInput, update } = useTableQuery(CUSTOMERS_TABLE, { debounceMs: CUSTOMER_SEARCH_DEBOUNCE_MS });
  const { page, search, limit } = values;
  const list = useCustomers({ search, page, limit });
  const remove = useDeleteCustomer();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<TCustomer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TCustomer | null>(null);
  const [importing, setImporting] = useState(false);

  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, page, limit, update);

  const onAction = (action: CustomerAction, c: TCustomer) => {
    if (action === 'shipment') void navigate(newShipmentFor(c.id));
    else if (action === 'invoice') void navigate(invoiceFor(c.id));
    else if (action === 'edit') setEditing(c);
    else setDeleting(c);
  };
  const onDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (data) => {
        enqueueSnackbar(data.message, { variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => enqueueSnackbar(apiErrorMessage(error), { variant: 'error' }),
    });

  return (
    <>
      <PageHeader
        title="Lista clienti"
        subtitle="Firmele si persoanele catre care expediati si carora le emiteti facturi."
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => setImporting(true)}>
              Importa clienti
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Adauga client
            </Button>
          </Box>
        }
      />
      <TextField
        label="Cauta client dupa nume"
        value={input.search}
        onChange={(e) => setInput('search', e.target.value)}
        sx={{ mb: 3, maxWidth: 480, width: '100%' }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
      />
      <ListStates
        query={list}
        loadingLabel="Se incarca clientii"
        errorMessage="Lista clientilor nu a putut fi incarcata."
        empty={{ when: rows.length === 0, icon: <GroupOutlinedIcon aria-hidden />, text: search ? m.noMatch : m.empty }}
      >
        <Box sx={{ overflowX: 'auto', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <CustomersTable rows={rows} onAction={onAction} />
        </Box>
        <TablePagination
          component="div"
          count={count}
          page={Math.max(0, page - 1)}
          rowsPerPage={limit}
          rowsPerPageOptions={[...CUSTOMER_PAGE_SIZES]}
          onPageChange={(_, p) => update({ page: p + 1 })}
          onRowsPerPageChange={(e) => update({ limit: Number(e.target.value) })}
          labelRowsPerPage="Randuri pe pagina"
          labelDisplayedRows={({ from, to, count: total }) => `${from}-${to} din ${total}`}
          // At 390 px the size, the range and the arrows wrap instead of running off the card.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 }, '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } } }}
          getItemAriaLabel={(type) => (type === 'next' ? 'Pagina urmatoare' : type === 'previous' ? 'Pagina anterioara' : type === 'first' ? 'Prima pagina' : 'Ultima pagina')}
        />
      </ListStates>

      {editing && <CustomerDialog customer={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Stergere client"
        confirmLabel="Sterge"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        Sigur doriti sa stergeti clientul „{deleting?.name}”? Expeditiile si facturile catre el raman.
      </ConfirmDialog>
    </>
  );
}
