// @vitest-environment jsdom
import { LIST_FILTER_DEBOUNCE_MS } from '@colete/contract';
import { act, createElement, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_TABLE, useTableQuery } from './use-table-query';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the test types in the list's search box. */
const box: { type?: (text: string) => void } = {};
function List() {
  const { setInput } = useTableQuery(SEARCH_TABLE);
  useEffect(() => {
    box.type = (text) => setInput('search', text);
  });
  return null;
}
const setSearch = (text: string) => box.type?.(text);

describe('a search typed in a list', () => {
  let root: Root;
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/profile/orders');
    root = createRoot(document.createElement('div'));
    act(() => root.render(createElement(BrowserRouter, null, createElement(List))));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('reaches the URL after the pause', () => {
    act(() => setSearch('abc'));
    act(() => vi.advanceTimersByTime(LIST_FILTER_DEBOUNCE_MS));
    expect(window.location.pathname + window.location.search).toBe('/profile/orders?search=abc');
  });

  it('is dropped when the browser left the page before the pause ended (the list still drawn while the next page loads)', () => {
    act(() => setSearch('abc'));
    // A row clicked: the address changed, the next page has not replaced the list yet.
    window.history.pushState(null, '', '/profile/details/order/AB12');
    act(() => vi.advanceTimersByTime(2 * LIST_FILTER_DEBOUNCE_MS));
    expect(window.location.pathname + window.location.search).toBe('/profile/details/order/AB12');
  });
});
