import { SNACKBAR_MS } from '@colete/contract';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, type Theme } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import type { EnqueueSnackbar } from '../lib/snackbar';

/** Snackbars in the theme's colours: notistack's defaults (white on #43a047) fail WCAG AA contrast. */
const SnackbarContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main },
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900] },
}));

const COMPONENTS = {
  default: SnackbarContent,
  success: SnackbarContent,
  error: SnackbarContent,
  warning: SnackbarContent,
  info: SnackbarContent,
};

/**
 * notistack's provider on its own (its snackbars render beside the app); loaded by SnackbarHost
 * with the first message; at the bottom, or at the top on a phone. Once mounted, notistack's enqueueSnackbar shows messages.
 */
export default function Snackbars({ onReady }: { onReady: (enqueue: EnqueueSnackbar) => void }) {
  // On a phone the forms' save buttons sit at the bottom: messages show at the top, never over them.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => onReady((message, options) => void enqueueSnackbar(message, options)), [onReady]);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={SNACKBAR_MS}
      anchorOrigin={{ vertical: phone ? 'top' : 'bottom', horizontal: 'center' }}
      Components={COMPONENTS}
    />
  );
}
