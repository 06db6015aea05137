import { STORE_LIST_SEARCH_DEBOUNCE_MS, STORE_LIST_SEARCH_MAX, STORE_LIST_TYPES, type StoreListType, type TStoreOrdersFilterFields } from '@colete/contract';
import { tableParam, useTableQuery, type TableParam } from '../../../lib/use-table-query';

/** A Shopify location's global id, or '' (anything else in the URL is ignored). */
const locationParam = (): TableParam<string> => ({
  read: (raw) => (raw && /^gid:\/\/shopify\/Location\/\d+$/.test(raw) ? raw : ''),
  write: (id) => id || null,
});
const YES_NO = ['da', 'nu'] as const;

/** The store orders list's tab, sort, dates, page and filters in the URL (issue 24): a reload or a shared link shows the same list. */
export const STORE_ORDERS_TABLE = {
  tab: tableParam.oneOf(STORE_LIST_TYPES),
  sort: tableParam.oneOf(['asc'] as const),
  from: tableParam.day(),
  to: tableParam.day(),
  page: tableParam.page(),
  search: tableParam.text(STORE_LIST_SEARCH_MAX),
  tag: tableParam.text(STORE_LIST_SEARCH_MAX),
  fix: tableParam.oneOf(YES_NO),
  cod: tableParam.oneOf(YES_NO),
  location: locationParam(),
};

const yesNo = (v: (typeof YES_NO)[number] | undefined) => (v === undefined ? undefined : v === 'da');

/** The list's state from the URL, the filters as the API takes them, and the setters (text boxes debounced 500 ms). */
export function useStoreOrdersTableQuery() {
  const table = useTableQuery(STORE_ORDERS_TABLE, { debounceMs: STORE_LIST_SEARCH_DEBOUNCE_MS });
  const v = table.values;
  const type: StoreListType = v.tab ?? 'AWAITING_ACTIVATION';
  const fields: TStoreOrdersFilterFields = {
    ...(v.search ? { search: v.search } : {}),
    ...(v.tag ? { tag: v.tag } : {}),
    ...(v.fix ? { needsFix: yesNo(v.fix) } : {}),
    ...(v.cod ? { cashOnDelivery: yesNo(v.cod) } : {}),
    ...(v.location ? { locationId: v.location } : {}),
  };
  // The platform tabs take the search and cash on delivery only.
  const shown: TStoreOrdersFilterFields = type === 'AWAITING_ACTIVATION' ? fields : { search: fields.search, cashOnDelivery: fields.cashOnDelivery };
  return { ...table, type, reversed: v.sort === 'asc', fields: shown };
}
export type StoreOrdersTableQuery = ReturnType<typeof useStoreOrdersTableQuery>;
