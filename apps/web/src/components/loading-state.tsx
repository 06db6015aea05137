import { Box, CircularProgress, Typography } from '@mui/material';

export function LoadingState({ label = 'Se incarca...', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6, minHeight: fullPage ? '100vh' : undefined }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
