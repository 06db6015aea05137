import type {
  TCounty,
  TLocality,
  TLocalitySearchResponse,
  TPostalCodeReverseResponse,
  TPostalCodesResponse,
  TStreetSearchResponse,
} from '@colete/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const enc = encodeURIComponent;

export const geoKeys = {
  all: ['geo'] as const,
  counties: () => [...geoKeys.all, 'counties'] as const,
  localities: (county: string, text: string) => [...geoKeys.all, 'localities', county, text] as const,
  streets: (county: string, city: string, text: string) => [...geoKeys.all, 'streets', county, city, text] as const,
};

/** Counties are loaded once and kept: they do not change while the page is open. */
export function useCounties() {
  return useQuery({
    queryKey: geoKeys.counties(),
    queryFn: () => api<{ success: true; list: TCounty[] }>('GET', 'search/counties/ro').then((r) => r.list),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Localities of a county matching the typed text, 50 a page, the next page on demand. */
export function useLocalitySearch(countyCode: string, text: string) {
  return useInfiniteQuery({
    queryKey: geoKeys.localities(countyCode, text),
    queryFn: ({ pageParam }) =>
      api<TLocalitySearchResponse>('GET', `search/locality/RO/${enc(countyCode)}/${enc(text)}?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: !!countyCode && text.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useStreetSearch(countyCode: string, city: string, text: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: geoKeys.streets(countyCode, city, text),
    queryFn: ({ pageParam }) =>
      api<TStreetSearchResponse>('GET', `search/street/RO/${enc(city)}/${enc(countyCode)}/${enc(text)}?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: enabled && !!countyCode && !!city && text.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export const fetchStreetCodes = (city: string, countyCode: string, street: string) =>
  api<TPostalCodesResponse>('GET', `search/postal-code/RO/${enc(city)}/${enc(countyCode)}/${enc(street || '-')}?validateStreet=2`).then(
    (r) => r.codes,
  );

export const fetchPostalCodeReverse = (code: string) => api<TPostalCodeReverseResponse>('GET', `search/postal-code-reverse/RO/${enc(code)}`);

/** The first page of localities matching the text, best match first. */
export const fetchLocalities = (countyCode: string, text: string) =>
  api<TLocalitySearchResponse>('GET', `search/locality/RO/${enc(countyCode)}/${enc(text)}`).then((r) => r.list);

/** The exact locality a saved address names (to know whether its city has streets). */
export const fetchLocality = (countyCode: string, city: string, postalCode: string): Promise<TLocality | undefined> =>
  api<TLocalitySearchResponse>('GET', `search/locality/RO/${enc(countyCode)}/${enc(city)}`).then(
    (r) => r.list.find((l) => l.localityName === city && (l.postalCode === '0' || l.postalCode === postalCode)) ?? r.list[0],
  );

export const localityLabel = (l: Pick<TLocality, 'localityName' | 'upLocality'>) =>
  l.upLocality ? `${l.localityName} (${l.upLocality})` : l.localityName;
