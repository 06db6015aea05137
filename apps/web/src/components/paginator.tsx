import { Box, Pagination, Typography } from '@mui/material';

/** Page links with the range shown ('21-40 din 57'); hidden when everything fits on one page. */
export function Paginator({ page, pageSize, count, onChange }: { page: number; pageSize: number; count: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count <= pageSize) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  return (
    <Box component="nav" aria-label="Paginare" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {from}-{to} din {count}
      </Typography>
      <Pagination
        page={Math.min(page, pages)}
        count={pages}
        onChange={(_, p) => onChange(p)}
        color="primary"
        shape="rounded"
        getItemAriaLabel={(type, p) => (type === 'page' ? `Pagina ${p}` : type === 'next' ? 'Pagina urmatoare' : type === 'previous' ? 'Pagina anterioara' : `${type}`)}
      />
    </Box>
  );
}
