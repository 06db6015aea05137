import { REPAYMENTS_LIST_MESSAGES as T, REPAYMENTS_PAGE_SIZES } from '@colete/contract';
import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';

/** Page links with the range shown and the page size (25, 50, 100); shown at the top and the bottom of the list. */
export function PageSizePaginator({
  page,
  limit,
  count,
  onPage,
  onLimit,
  label,
}: {
  page: number;
  limit: number;
  count: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(count / limit));
  const from = count === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(count, page * limit);
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, my: 1.5 }}>
      <TextField
        select
        size="small"
        label={T.rowsPerPage}
        value={limit}
        onChange={(e) => onLimit(Number(e.target.value))}
        sx={{ width: 110 }}
      >
        {REPAYMENTS_PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {from}-{to} din {count}
      </Typography>
      {pages > 1 && (
        <Pagination
          sx={{ ml: { sm: 'auto' } }}
          page={Math.min(page, pages)}
          count={pages}
          siblingCount={0}
          onChange={(_, p) => onPage(p)}
          color="primary"
          shape="rounded"
          getItemAriaLabel={(type, p) => (type === 'page' ? `Pagina ${p}` : type === 'next' ? 'Pagina urmatoare' : type === 'previous' ? 'Pagina anterioara' : `${type}`)}
        />
      )}
    </Box>
  );
}
