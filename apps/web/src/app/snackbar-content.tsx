import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/** Snackbars in the theme's colours: notistack's defaults (white on #43a047) fail WCAG AA contrast. */
export const SnackbarContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main },
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900] },
}));

export const SNACKBAR_COMPONENTS = {
  default: SnackbarContent,
  success: SnackbarContent,
  error: SnackbarContent,
  warning: SnackbarContent,
  info: SnackbarContent,
};
