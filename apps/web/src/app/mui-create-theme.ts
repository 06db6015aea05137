import type { Theme, ThemeOptions } from '@mui/material/styles';

type CreateTheme = (options?: ThemeOptions, ...args: object[]) => Theme;

/**
 * MUI's `createTheme` as the build links it (vite.config.ts, `themeWithoutCssVars`): the branch MUI
 * itself takes for a theme without CSS variables and without colour schemes ("behaves exactly as
 * v5"), which is the product's theme (app/theme.ts) and MUI's default theme. MUI's own module also
 * carries the CSS-variables theme (createThemeWithVars and its helpers, about 5 KB gzip on every
 * first load) for options this product does not use; asking for them here is an error, not a
 * different theme. `createThemeNoVars` is MUI's (its module is not in the package's exports).
 */
export function withoutCssVars(createThemeNoVars: CreateTheme): CreateTheme {
  return function createTheme(options: ThemeOptions & { cssVariables?: unknown; colorSchemes?: unknown } = {}, ...args: object[]) {
    if (options.cssVariables || 'colorSchemes' in options) {
      throw new Error('createTheme: CSS variables and colour schemes are not in this build (see themeWithoutCssVars in apps/web/vite.config.ts).');
    }
    return createThemeNoVars(options, ...args);
  };
}
