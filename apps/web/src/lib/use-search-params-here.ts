import { useLocation, useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * useSearchParams whose setter only acts while the browser is still on this page. A list's
 * debounced search can fire after the user clicked a row (the list stays drawn while the next
 * page's code downloads); writing `?q=` then would pull the user back to the list.
 */
export function useSearchParamsHere(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const set: SetURLSearchParams = (next, options) => {
    if (window.location.pathname !== pathname) return;
    setParams(next, options);
  };
  return [params, set];
}
