/**
 * The pagination contract's numbers, without zod: the browser's lists load them without the
 * schemas (common/pagination.ts builds the schemas from them).
 */
export const LIST_MAX_PAGE = 100_000;
/** The largest page any list answers. */
export const LIST_MAX_LIMIT = 100;
/** The page size when a list names none of its own. */
export const LIST_DEFAULT_LIMIT = 20;
/** A list's text filter is applied after this pause (lists with a spec value use theirs). */
export const LIST_FILTER_DEBOUNCE_MS = 300;
export const LIST_SEARCH_MAX_LENGTH = 100;

/** Card lists whose page size the specification fixes (templates, packaging: 10) ask for at most this. */
export const CARD_LIST_MAX_LIMIT = 50;
