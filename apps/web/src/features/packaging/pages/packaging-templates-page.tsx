import { PACKAGING_FILTER_DEBOUNCE_MS, PACKAGING_PAGE_SIZE, messages, type TPackagingTemplate } from '@colete/contract';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { Box } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Paginator } from '../../../components/paginator';
import { usePackagingTemplates } from '../../../components/packaging/packaging-api';
import { useDeletePackagingTemplate } from '../api/delete-packaging-template';
import { PackagingFrame, PackagingListState } from '../components/packaging-frame';
import { PackagingTemplateCard } from '../components/packaging-template-card';
import { PackagingTemplateDialog } from '../components/packaging-template-dialog';
import { SEARCH_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';

const m = messages.packaging;

/** /profile/templates/packaging/data/list: 'Marfa ambalata', the packaging templates, favourites first. */
export default function PackagingTemplatesPage() {
  const table = useTableQuery(SEARCH_TABLE, { debounceMs: PACKAGING_FILTER_DEBOUNCE_MS });
  const list = usePackagingTemplates({ search: table.values.search, page: table.values.page });
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: list.data?.list.length ?? 0, count: list.data?.count ?? 0 }, table.values.page, PACKAGING_PAGE_SIZE, table.update);
  const remove = useDeletePackagingTemplate();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<TPackagingTemplate | null>(null);
  const [editing, setEditing] = useState<TPackagingTemplate | 'new' | null>(null);

  const onDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(m.templateDeleted, { variant: 'success' });
        setDeleting(null);
      },
      onError: () => enqueueSnackbar(m.deleteError, { variant: 'error' }),
    });

  return (
    <PackagingFrame filterLabel="Filtreaza sabloanele" filterPlaceholder="Numele sablonului" searchInput={table.input.search} onSearch={(text) => table.setInput('search', text)}
      addLabel="Adauga sablon"
      onAdd={() => setEditing('new')}
    >
      <PackagingListState query={list} search={table.values.search} loadingLabel="Se incarca sabloanele de ambalare" emptyText={m.emptyTemplates} emptyIcon={<Inventory2OutlinedIcon />}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {list.data?.list.map((t) => <PackagingTemplateCard key={t.id} template={t} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)} />)}
        </Box>
        <Paginator page={table.values.page} pageSize={PACKAGING_PAGE_SIZE} count={list.data?.count ?? 0} onChange={(page) => table.update({ page })} />
      </PackagingListState>
      {editing && <PackagingTemplateDialog key={editing === 'new' ? 'new' : editing.id} item={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Stergere sablon de ambalare"
        confirmLabel="Sterge"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        Sigur doriti sa stergeti sablonul de ambalare „{deleting?.name}”?
      </ConfirmDialog>
    </PackagingFrame>
  );
}
