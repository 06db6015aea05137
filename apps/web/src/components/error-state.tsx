import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Button, Typography } from '@mui/material';
import { commonMessages } from '@colete/contract';

/** The spec's fetch-error block: icon, message and a retry button. */
export function ErrorState({ message = commonMessages.loadError, onRetry, fullPage = false }: { message?: string; onRetry?: () => void; fullPage?: boolean }) {
  return (
    <Box
      role="alert"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6, textAlign: 'center', minHeight: fullPage ? '100vh' : undefined, justifyContent: 'center' }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
      <Typography>{message}</Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {commonMessages.retry}
        </Button>
      )}
    </Box>
  );
}
