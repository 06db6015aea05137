import { CUSTOMER_IMPORT_MAX_ROWS, isValidCui, messages, normalizeText, type TCustomerInput } from '@colete/contract';
import { parseCsv } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { looksLikeZip, xlsxRows } from '../../lib/xlsx-read.js';

const m = messages.customers;

/*
 * An import file (CSV or XLSX, issue 27) read into customers as typed: the header line names the
 * columns (the template's names, without case or diacritics; a few usual synonyms), each further
 * line one customer. Judging the rows (the contract's rules, the nomenclature, duplicates) is the
 * service's.
 */

type Field = 'type' | 'name' | 'country' | 'phone' | 'email' | 'identification' | 'countyCode' | 'city' | 'postalCode' | 'street' | 'number' | 'additionalInfo';
const HEADERS: Record<string, Field> = {
  tip: 'type',
  nume: 'name',
  denumire: 'name',
  client: 'name',
  tara: 'country',
  telefon: 'phone',
  email: 'email',
  'e-mail': 'email',
  'cui/cnp': 'identification',
  cui: 'identification',
  cnp: 'identification',
  'cod fiscal': 'identification',
  'cod tva': 'identification',
  judet: 'countyCode',
  localitate: 'city',
  oras: 'city',
  'cod postal': 'postalCode',
  strada: 'street',
  numar: 'number',
  nr: 'number',
  detalii: 'additionalInfo',
};

/** An import row: its line in the file and the customer as typed, or why it cannot even be read. */
export type ImportedRow = { line: number; name: string; input: TCustomerInput | null; problem: string | null };

async function rowsOf(file: Buffer): Promise<string[][]> {
  if (looksLikeZip(file)) {
    let rows: string[][];
    try {
      rows = await xlsxRows(file);
    } catch {
      throw badRequest(m.importUnreadable, 'importUnreadable', { file: m.importUnreadable });
    }
    return rows.slice(0, CUSTOMER_IMPORT_MAX_ROWS + 2);
  }
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw badRequest(m.importUnreadable, 'importUnreadable', { file: m.importUnreadable });
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  return parseCsv(text, separator).filter((r) => r.some((c) => c.trim() !== ''));
}

const typeOf = (value: string, identification: string): TCustomerInput['type'] | null => {
  const t = normalizeText(value);
  if (['firma', 'companie', 'company', 'pj', 'persoana juridica'].includes(t)) return 'company';
  if (['persoana fizica', 'persoana', 'pf', 'individual'].includes(t)) return 'individual';
  if (t) return null;
  // No type: a valid CUI says company, anything else a person.
  return identification && isValidCui(identification) ? 'company' : 'individual';
};

/** The file's customers as typed, line by line; a file without a Name column or with too many rows is refused whole. */
export async function readImportFile(file: Buffer): Promise<ImportedRow[]> {
  const [header, ...rows] = await rowsOf(file);
  if (!header) throw badRequest(m.importNoColumns, 'importNoColumns', { file: m.importNoColumns });
  const columns = header.map((h) => HEADERS[normalizeText(h)] ?? null);
  if (!columns.includes('name')) throw badRequest(m.importNoColumns, 'importNoColumns', { file: m.importNoColumns });
  if (rows.length > CUSTOMER_IMPORT_MAX_ROWS) throw badRequest(m.importTooManyRows, 'importTooManyRows', { file: m.importTooManyRows });
  return rows.map((cells, i) => {
    const v = {} as Record<Field, string>;
    columns.forEach((field, c) => {
      if (field && !v[field]) v[field] = (cells[c] ?? '').trim();
    });
    const get = (f: Field) => v[f] ?? '';
    const country = (get('country') || 'RO').toUpperCase();
    const type = typeOf(get('type'), get('identification'));
    const hasAddress = ['countyCode', 'city', 'postalCode', 'street', 'number'].some((f) => get(f as Field));
    const input: TCustomerInput = {
      type: type ?? ('?' as TCustomerInput['type']),
      name: get('name'),
      country: country === 'ROMANIA' ? 'RO' : country,
      phone: get('phone'),
      email: get('email'),
      identification: get('identification'),
      address: hasAddress
        ? { countyCode: get('countyCode').toUpperCase(), city: get('city'), postalCode: get('postalCode'), street: get('street'), number: get('number'), additionalInfo: get('additionalInfo') }
        : null,
    };
    return { line: i + 2, name: get('name'), input, problem: type ? null : m.type };
  });
}
