import { LIST_FILTER_DEBOUNCE_MS, LIST_MAX_PAGE, LIST_SEARCH_MAX_LENGTH } from '@colete/contract';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * How one URL search parameter of a list reads and writes. `write` answers null when the value is
 * the default (the parameter is left out of the URL). A `text` parameter is typed in a box: the
 * URL follows it after the debounce. Plain functions rather than zod: the shipments list is on the
 * first load and must not pull the schemas in.
 */
export interface TableParam<T> {
  read(raw: string | null): T;
  write(value: T): string | null;
  text?: boolean;
}
export type TableSchema = Record<string, TableParam<unknown>>;
export type TableValues<S extends TableSchema> = { [K in keyof S]: S[K] extends TableParam<infer T> ? T : never };
type TextKeys<S extends TableSchema> = { [K in keyof S]: S[K] extends { text: true } ? K : never }[keyof S];

/** The parameter kinds the lists use. */
export const tableParam = {
  /** ?page=: from 1 (left out), whole numbers up to the contract's largest page. */
  page: (): TableParam<number> => ({
    read: (raw) => Math.max(1, Math.min(LIST_MAX_PAGE, Math.floor(Number(raw)) || 1)),
    write: (page) => (page > 1 ? String(page) : null),
  }),
  /** A text filter typed in a box, trimmed, at most `max` characters. */
  text: (max: number = LIST_SEARCH_MAX_LENGTH): TableParam<string> & { text: true } => ({
    read: (raw) => (raw ?? '').slice(0, max),
    write: (text) => text || null,
    text: true,
  }),
  /** One of a fixed set of values, or undefined (anything else in the URL is ignored). */
  oneOf: <T extends string>(values: readonly T[]): TableParam<T | undefined> => ({
    read: (raw) => (values as readonly (string | null)[]).includes(raw) ? (raw as T) : undefined,
    write: (value) => value ?? null,
  }),
  /** A YYYY-MM-DD day, or '' (the page then picks its default). */
  day: (): TableParam<string> => ({
    read: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : ''),
    write: (day) => day || null,
  }),
  /** An on/off switch: '1' when on. */
  flag: (): TableParam<boolean> => ({ read: (raw) => raw === '1', write: (on) => (on ? '1' : null) }),
};

function readAll<S extends TableSchema>(schema: S, params: URLSearchParams): TableValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(schema)) out[key] = p.read(params.get(key));
  return out as TableValues<S>;
}

/**
 * A list's filters, sort and page in the URL search parameters, so a reload or a shared link shows
 * the same list. Every change replaces the history entry (typing adds none); a change of anything
 * but the page goes back to the first page; text filters follow their box `debounceMs` after the
 * last key. A write is dropped once the browser has left the page: a debounced search firing after
 * a click on a row (the list stays drawn while the next page's code downloads) must not pull the
 * user back. A change shows at once, before the router has updated the URL.
 */
export function useTableQuery<S extends TableSchema>(schema: S, { debounceMs = LIST_FILTER_DEBOUNCE_MS }: { debounceMs?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const { pathname, search: locationSearch } = useLocation();
  const fromUrl = readAll(schema, params);
  // What was just set, until the URL shows it (a controlled switch would flick back otherwise).
  const [pending, setPending] = useState<{ at: string; values: Partial<TableValues<S>> } | null>(null);
  const values = pending && pending.at === locationSearch ? { ...fromUrl, ...pending.values } : fromUrl;

  const writeUrl = (next: Partial<TableValues<S>>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          const p = schema[key];
          if (!p) continue;
          const raw = p.write(value);
          if (raw === null) out.delete(key);
          else out.set(key, raw);
        }
        // A new filter starts again from the first page.
        if (!('page' in next)) out.delete('page');
        return out;
      },
      { replace: true },
    );
  const update = (next: Partial<TableValues<S>>) => {
    if (window.location.pathname !== pathname) return;
    setPending({ at: locationSearch, values: 'page' in next ? next : { ...next, page: 1 } });
    writeUrl(next);
  };

  // The boxes of the text filters: what is typed now; the URL follows after the pause.
  const textKeys = Object.keys(schema).filter((k) => schema[k]?.text) as TextKeys<S>[];
  const [input, setInputs] = useState(() => Object.fromEntries(textKeys.map((k) => [k, String(fromUrl[k] ?? '')])) as Record<TextKeys<S>, string>);
  const debounced = useDebouncedValue(input, debounceMs);
  useEffect(() => {
    const changed: Partial<Record<TextKeys<S>, string>> = {};
    for (const k of textKeys) if (debounced[k].trim() !== fromUrl[k]) changed[k] = debounced[k].trim();
    // The box shows the text already: no pending values, only the URL.
    if (Object.keys(changed).length && window.location.pathname === pathname) writeUrl(changed as Partial<TableValues<S>>);
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const setInput = (key: TextKeys<S>, text: string) => setInputs((prev) => ({ ...prev, [key]: text }));

  return { values, update, input, setInput };
}

/** A page past the end (the last item of a page deleted, an old link): go to the last page. */
export function useClampPage(
  answer: { isPlaceholderData: boolean; rows: number; count: number },
  page: number,
  pageSize: number,
  update: (next: { page: number }) => void,
) {
  const { isPlaceholderData, rows, count } = answer;
  useEffect(() => {
    if (!isPlaceholderData && rows === 0 && count > 0 && page > 1) update({ page: Math.ceil(count / pageSize) });
    // update is recreated each render; the page and the answer decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, count, page, isPlaceholderData, pageSize]);
}

/** The common list: a text filter (?search=) and a page (?page=). */
export const SEARCH_TABLE = { search: tableParam.text(), page: tableParam.page() };
/** A list with only a page (?page=). */
export const PAGE_TABLE = { page: tableParam.page() };
