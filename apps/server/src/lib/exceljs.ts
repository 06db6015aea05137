import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on the first export or upload that needs it: it takes about half a second to
 * load, which every server start and every test file importing the app would otherwise pay.
 */
let loaded: typeof ExcelJS | undefined;
export const excel = (): typeof ExcelJS => (loaded ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS);
