import { z } from './zod.js';
import { pageQuery } from './common/pagination.js';

export const GEO_PAGE_SIZE = 50;
/** Autocomplete input is applied after a 200 ms pause (spec 001 section 9). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;
export const GEO_SEARCH_MAX_LENGTH = 100;
export const POSTAL_CODE_PATTERN = /^\d{6}$/;
export const LOCATION_TYPES = ['big_city', 'small_city', 'other'] as const;

export const ZCounty = z.object({ code: z.string(), name: z.string() });
export type TCounty = z.infer<typeof ZCounty>;
export const ZCountiesResponse = z.object({ success: z.literal(true), list: z.array(ZCounty) });

export const ZLocality = z.object({
  localityName: z.string(),
  /** '0' when the locality has street-level codes. */
  postalCode: z.string(),
  locationType: z.enum(LOCATION_TYPES),
  upLocality: z.string().optional(),
  countyCode: z.string(),
});
export type TLocality = z.infer<typeof ZLocality>;

/** The spec's ?page={n} of the locality and street searches (their answer is shaped by the spec: list, limit, page, total). */
export const ZGeoPageQuery = pageQuery().pick({ page: true });

export const ZLocalitySearchResponse = z.object({
  success: z.literal(true),
  list: z.array(ZLocality),
  limit: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type TLocalitySearchResponse = z.infer<typeof ZLocalitySearchResponse>;

export const ZStreet = z.object({ name: z.string() });
export type TStreet = z.infer<typeof ZStreet>;
export const ZStreetSearchResponse = z.object({
  success: z.literal(true),
  list: z.array(ZStreet),
  limit: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type TStreetSearchResponse = z.infer<typeof ZStreetSearchResponse>;

export const ZPostalCodeReverseResponse = z.object({
  success: z.literal(true),
  locality: ZLocality,
  countyCode: z.string(),
  street: z.array(ZStreet),
});
export type TPostalCodeReverseResponse = z.infer<typeof ZPostalCodeReverseResponse>;

export const ZPostalCodeEntry = z.object({ code: z.string(), street: z.string(), numbers: z.string() });
export const ZPostalCodesResponse = z.object({ success: z.literal(true), codes: z.array(ZPostalCodeEntry) });
export type TPostalCodesResponse = z.infer<typeof ZPostalCodesResponse>;

export const ZValidatePhoneRequest = z.object({
  phone: z.string().max(50),
  countryCode: z.string().regex(/^[A-Z]{2}$/).default('RO'),
});
export const ZValidatePhoneResponse = z.object({ success: z.literal(true), valid: z.boolean(), phone: z.string() });
export type TValidatePhoneResponse = z.infer<typeof ZValidatePhoneResponse>;
