import { TEMPLATES_FILTER_DEBOUNCE_MS, TEMPLATES_PAGE_SIZE, messages, type TTemplateListItem } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Skeleton, TextField, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Paginator } from '../../../components/paginator';
import { SEARCH_TABLE, useClampPage, useTableQuery } from '../../../lib/use-table-query';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { TemplateCard } from '../components/template-card';

const m = messages.templates;

const newButton = (label: string, variant: 'contained' | 'outlined' = 'contained') => (
  <Button component={RouterLink} to="/profile/templates/orders/new" variant={variant} startIcon={<AddIcon />}>
    {label}
  </Button>
);

/** /profile/templates/orders/list (spec 001 section 2). List failures are silent (section 8): the error block only. */
export default function TemplatesListPage() {
  const { values, input, setInput, update } = useTableQuery(SEARCH_TABLE, { debounceMs: TEMPLATES_FILTER_DEBOUNCE_MS });
  const { page, search } = values;
  const list = useTemplates({ search, page });
  const remove = useDeleteTemplate();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<TTemplateListItem | null>(null);

  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  useClampPage({ isPlaceholderData: list.isPlaceholderData, rows: rows.length, count }, page, TEMPLATES_PAGE_SIZE, update);

  const onDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(m.deleted, { variant: 'success' });
        setDeleting(null);
      },
      onError: () => enqueueSnackbar(m.deleteError, { variant: 'error' }),
    });

  return (
    <>
      <PageHeader title="Sabloane de comanda" subtitle="Link-uri publice de retur, cu formularul pe care il completeaza clientii dumneavoastra." actions={newButton('Sablon nou')} />
      <Box role="search" aria-label="Filtru sabloane" sx={{ mb: 3, maxWidth: 480 }}>
        <TextField
          label="Cauta sablon"
          placeholder="Nume sablon sau adresa"
          value={input.search}
          onChange={(e) => setInput('search', e.target.value)}
          slotProps={{ htmlInput: { type: 'search' }, input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
        />
      </Box>

      {list.isPending ? (
        <Box role="status" aria-label="Se incarca sabloanele" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={320} />
          ))}
        </Box>
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 5, px: 2, maxWidth: 640, mx: 'auto' }}>
          <AssignmentReturnOutlinedIcon sx={{ fontSize: 56, mb: 1, color: 'text.secondary' }} aria-hidden />
          {search ? (
            <Typography>Niciun sablon nu corespunde cautarii.</Typography>
          ) : (
            <>
              <Typography variant="h2" component="p" sx={{ fontSize: '1.2rem', mb: 1 }}>
                Ce este un sablon de comanda?
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {m.empty}
              </Typography>
              {newButton('Creeaza primul sablon', 'outlined')}
            </>
          )}
        </Box>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((template) => (
              <TemplateCard key={template.id} template={template} onDelete={() => setDeleting(template)} />
            ))}
          </Box>
          <Paginator page={page} pageSize={TEMPLATES_PAGE_SIZE} count={count} onChange={(p) => update({ page: p })} />
        </>
      )}

      <ConfirmDialog open={!!deleting} title="Stergere sablon" confirmLabel="Sterge" destructive pending={remove.isPending} onConfirm={onDelete} onClose={() => setDeleting(null)}>
        Sigur doriti sa stergeti sablonul „{deleting?.name}”? Link-ul lui public nu va mai functiona.
      </ConfirmDialog>
    </>
  );
}
