import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';
import { useSearchParamsHere } from './use-search-params-here';

/**
 * A searchable, paged list's state in the URL (?search=&page=), so a reload or a shared link shows
 * the same list. The filter box (searchInput) drives the URL `debounceMs` after the last key; a new
 * search goes back to the first page.
 */
export function useSearchTableQuery(debounceMs: number) {
  const [params, setParams] = useSearchParamsHere();
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(params.get('page'))) || 1));
  const search = (params.get('search') ?? '').slice(0, 100);
  const update = (next: { page?: number; search?: string }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.search !== undefined) {
          if (next.search) out.set('search', next.search);
          else out.delete('search');
          out.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) out.set('page', String(next.page));
          else out.delete('page');
        }
        return out;
      },
      { replace: true },
    );

  const [searchInput, setSearchInput] = useState(search);
  const debounced = useDebouncedValue(searchInput.trim(), debounceMs);
  useEffect(() => {
    if (debounced !== search) update({ search: debounced });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return { page, search, searchInput, setSearchInput, update };
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
