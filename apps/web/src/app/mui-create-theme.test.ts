import { createTheme as muiCreateTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withoutCssVars } from './mui-create-theme';
import { themeOptions } from './theme';

// MUI's createThemeNoVars (its ES module, as the build links it; not in the package's exports).
const muiRoot = path.dirname(createRequire(import.meta.url).resolve('@mui/material/package.json'));
const noVars = pathToFileURL(path.join(muiRoot, 'esm/styles/createThemeNoVars.js')).href;
const { default: createThemeNoVars } = (await import(noVars)) as { default: (options?: ThemeOptions) => Theme };
const createTheme = withoutCssVars(createThemeNoVars);

/** Functions compared by their text: each theme is built twice, so they are different objects. */
const comparable = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'function' ? `fn:${String(v)}` : v)));

describe("the build's createTheme (vite.config.ts themeWithoutCssVars)", () => {
  it("builds the product's theme exactly as MUI's createTheme does", () => {
    expect(comparable(createTheme(themeOptions))).toEqual(comparable(muiCreateTheme(themeOptions)));
  });

  it("builds MUI's default theme (no options) exactly as MUI's createTheme does", () => {
    expect(comparable(createTheme())).toEqual(comparable(muiCreateTheme()));
  });

  it('refuses CSS variables and colour schemes instead of building another theme', () => {
    expect(() => createTheme({ cssVariables: true } as ThemeOptions)).toThrow(/not in this build/);
    expect(() => createTheme({ colorSchemes: { dark: true } } as ThemeOptions)).toThrow(/not in this build/);
  });
});
