import { PACKAGING_FILTER_DEBOUNCE_MS, PACKAGING_PAGE_SIZE, messages, type TSavedPackage } from '@colete/contract';
import ViewInArOutlinedIcon from '@mui/icons-material/ViewInArOutlined';
import { Box } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Paginator } from '../../../components/paginator';
import { useSavedPackages } from '../../../components/packaging/packaging-api';
import { useDeleteSavedPackage } from '../api/delete-saved-package';
import { PackagingFrame, PackagingListState } from '../components/packaging-frame';
import { SavedPackageCard } from '../components/saved-package-card';
import { SavedPackageDialog } from '../components/saved-package-dialog';
import { SEARCH_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';

const m = messages.packaging;

/** /profile/templates/packaging/packages/list: 'Tipuri ambalaje', the saved packages. */
export default function SavedPackagesPage() {
  const table = useTableQuery(SEARCH_TABLE, { debounceMs: PACKAGING_FILTER_DEBOUNCE_MS });
  const list = useSavedPackages({ search: table.values.search, page: table.values.page });
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: list.data?.list.length ?? 0, count: list.data?.count ?? 0 }, table.values.page, PACKAGING_PAGE_SIZE, table.update);
  const remove = useDeleteSavedPackage();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<TSavedPackage | null>(null);
  const [editing, setEditing] = useState<TSavedPackage | 'new' | null>(null);

  const onDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(m.packageDeleted, { variant: 'success' });
        setDeleting(null);
      },
      onError: () => enqueueSnackbar(m.deleteError, { variant: 'error' }),
    });

  return (
    <PackagingFrame filterLabel="Filtreaza pachetele" filterPlaceholder="Numele pachetului" searchInput={table.input.search} onSearch={(text) => table.setInput('search', text)}
      addLabel="Adauga pachet salvat"
      onAdd={() => setEditing('new')}
    >
      <PackagingListState query={list} search={table.values.search} loadingLabel="Se incarca pachetele salvate" emptyText={m.emptyPackages} emptyIcon={<ViewInArOutlinedIcon />}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {list.data?.list.map((p) => <SavedPackageCard key={p.id} item={p} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />)}
        </Box>
        <Paginator page={table.values.page} pageSize={PACKAGING_PAGE_SIZE} count={list.data?.count ?? 0} onChange={(page) => table.update({ page })} />
      </PackagingListState>
      {editing && <SavedPackageDialog key={editing === 'new' ? 'new' : editing.id} item={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Stergere pachet salvat"
        confirmLabel="Sterge"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        Sigur doriti sa stergeti pachetul „{deleting?.name}”?
      </ConfirmDialog>
    </PackagingFrame>
  );
}
