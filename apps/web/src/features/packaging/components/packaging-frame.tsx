import { messages } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Skeleton, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { SectionTabs } from '../../../components/section-tabs';

export const PACKAGING_TABS = [
  { label: messages.packaging.tabData, path: '/profile/templates/packaging/data/list' },
  { label: messages.packaging.tabPackages, path: '/profile/templates/packaging/packages/list' },
];

/** The packaging area's header, its two tabs (spec 001 section 2) and a tab's filter box. */
export function PackagingFrame({
  filterLabel,
  filterPlaceholder,
  searchInput,
  onSearch,
  addLabel,
  onAdd,
  children,
}: {
  filterLabel: string;
  filterPlaceholder: string;
  searchInput: string;
  onSearch: (text: string) => void;
  /** The tab's own add button (a template or a saved package made here, not only on the new-shipment page). */
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button component={RouterLink} to="/profile/templates" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Sabloane
      </Button>
      <PageHeader
        title="Impachetare"
        subtitle="Marfa ambalata si tipurile de ambalaje salvate, gata de folosit intr-o comanda noua."
        actions={
          <Button component={RouterLink} to="/profile/orders/new" variant="contained" startIcon={<AddIcon />}>
            Comanda noua
          </Button>
        }
      />
      <SectionTabs label="Impachetare" tabs={PACKAGING_TABS} />
      <Box sx={{ display: 'flex', gap: 2, mb: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        label={filterLabel}
        placeholder={filterPlaceholder}
        value={searchInput}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ flex: '1 1 240px', maxWidth: 480 }}
        autoComplete="off"
        slotProps={{
          htmlInput: { type: 'search', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd} sx={{ minHeight: 56 }}>
        {addLabel}
      </Button>
      </Box>
      {children}
    </>
  );
}

/**
 * A packaging list's states: skeletons while loading, the error block (the spec keeps list failures
 * silent: no snackbar, the loading simply stops), the empty state (a filter that matches nothing
 * says so), else the items.
 */
export function PackagingListState({
  query,
  search,
  loadingLabel,
  emptyText,
  emptyIcon,
  children,
}: {
  query: { isPending: boolean; isError: boolean; isPlaceholderData: boolean; data?: { list: unknown[] }; refetch: () => unknown };
  search: string;
  loadingLabel: string;
  emptyText: string;
  emptyIcon: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <Box role="status" aria-label={loadingLabel} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 1100 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Box>
    );
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!query.data?.list.length)
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary', maxWidth: 640, mx: 'auto' }}>
        <Box sx={{ '& svg': { fontSize: 56 }, mb: 1 }} aria-hidden>
          {emptyIcon}
        </Box>
        <Typography sx={{ mb: 2 }}>{search ? 'Niciun rezultat pentru filtrul ales.' : emptyText}</Typography>
        {!search && (
          <Button component={RouterLink} to="/profile/orders/new" variant="outlined" startIcon={<AddIcon />}>
            Comanda noua
          </Button>
        )}
      </Box>
    );
  return (
    <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, maxWidth: 1100 }} aria-busy={query.isPlaceholderData}>
      {children}
    </Box>
  );
}
