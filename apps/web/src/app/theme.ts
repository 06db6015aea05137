import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * A person who asked their system for less motion (prefers-reduced-motion) gets none: MUI's
 * transitions take no time, buttons have no ripple and CSS animations end at once (WCAG 2.3.3).
 */
const reducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const NO_MOTION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/** The one theme of the product: colours, type and spacing used by every screen. */
export const themeOptions: ThemeOptions = {
  ...(reducedMotion ? { transitions: { create: () => 'none', duration: NO_MOTION } } : {}),
  palette: {
    mode: 'light',
    primary: { main: '#1747a6', dark: '#0f3276', light: '#4a72c4', contrastText: '#ffffff' },
    secondary: { main: '#b45309', contrastText: '#ffffff' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    text: { primary: '#111827', secondary: '#4b5563' },
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.35rem', fontWeight: 700 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': { animationDuration: '0.001ms !important', animationIterationCount: '1 !important', transitionDuration: '0.001ms !important', scrollBehavior: 'auto !important' },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
};

export const theme = createTheme(themeOptions);
