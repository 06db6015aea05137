import { z } from '../zod.js';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, LIST_MAX_PAGE } from './list-constants.js';

/**
 * The one pagination contract of every list the specification does not shape otherwise: the
 * request asks for `page` (from 1) and `limit`, the answer is `{success: true, list, count}` with
 * `count` the number of rows over all pages. Lists the specification shapes (address/all answers
 * `addresses`, the pick-up points an array, the templates and packaging lists their own request
 * objects) keep their names but take their bounds from here.
 */

/** A page number from 1 to LIST_MAX_PAGE, as a JSON number (POST bodies). */
export const ZPageNumber = z.number().int().min(1).max(LIST_MAX_PAGE);
/** A page size from 1 to `max`, as a JSON number. */
export const zPageLimit = (max: number = LIST_MAX_LIMIT) => z.number().int().min(1).max(max);

/** `{page, limit}` in a POST body, with the list's own default and largest size. */
export const pageBody = (defaultLimit: number = LIST_DEFAULT_LIMIT, maxLimit: number = LIST_MAX_LIMIT) =>
  z.object({ page: ZPageNumber.default(1), limit: zPageLimit(maxLimit).default(defaultLimit) });

/** `?page=&limit=` of a GET list (text in the URL, read as numbers), with the list's own default and largest size. */
export const pageQuery = (defaultLimit: number = LIST_DEFAULT_LIMIT, maxLimit: number = LIST_MAX_LIMIT) =>
  z.object({
    page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
export const ZPageQuery = pageQuery();
export type TPageQuery = z.output<typeof ZPageQuery>;

/** The answer of a paged list: the page's rows and the count over all pages. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), list: z.array(item), count: z.number().int() });
export type TListEnvelope<T> = { success: true; list: T[]; count: number };

/** Rows to skip for a page (SQL OFFSET). */
export const pageOffset = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit;
/** The last page that has rows (1 for an empty list). */
export const lastPage = (count: number, limit: number) => Math.max(1, Math.ceil(count / limit));
