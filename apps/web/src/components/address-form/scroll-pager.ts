import type { UIEvent } from 'react';

/** Loads the next page once the options panel is scrolled past half of its height (spec 001 section 7). */
export function nextPageOnScroll(query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  return (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight * 0.5 && query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
    }
  };
}
