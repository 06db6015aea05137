import {
  GEO_PAGE_SIZE,
  GEO_SEARCH_MAX_LENGTH,
  POSTAL_CODE_PATTERN,
  ZCountiesResponse,
  ZLocalitySearchResponse,
  ZGeoPageQuery,
  ZPostalCodeReverseResponse,
  ZPostalCodesResponse,
  ZStreetSearchResponse,
  ZValidatePhoneRequest,
  ZValidatePhoneResponse,
  isValidPhone,
  messages,
  normalisePhone,
} from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { findByPostalCode, findLocality, listCounties, searchLocalities, searchStreets, streetCodes, toLocality } from './geo-queries.js';

const countyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{1,2}$/, messages.address.countyInvalid)
  .transform((c) => c.toUpperCase());
const searchText = z.string().trim().min(1).max(GEO_SEARCH_MAX_LENGTH);
const country = z.literal('RO').or(z.literal('ro')).or(z.literal('Ro'));

/** The public nomenclature calls (spec 001 section 7): used signed in and on the public return page. */
export async function geoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  r.get('/api/search/counties/ro', { schema: { tags: ['search'], response: { 200: ZCountiesResponse } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { success: true as const, list: await listCounties(db()) };
  });

  r.get(
    '/api/search/locality/:country/:countyCode/:city',
    {
      schema: {
        tags: ['search'],
        params: z.object({ country, countyCode, city: searchText }),
        querystring: ZGeoPageQuery,
        response: { 200: ZLocalitySearchResponse },
      },
    },
    async (req) => {
      const { list, total } = await searchLocalities(db(), req.params.countyCode, req.params.city, req.query.page);
      return { success: true as const, list, limit: GEO_PAGE_SIZE, page: req.query.page, total };
    },
  );

  r.get(
    '/api/search/street/:country/:city/:countyCode/:street',
    {
      schema: {
        tags: ['search'],
        params: z.object({ country, city: searchText, countyCode, street: searchText }),
        querystring: ZGeoPageQuery,
        response: { 200: ZStreetSearchResponse },
      },
    },
    async (req) => {
      const locality = await findLocality(db(), req.params.countyCode, req.params.city);
      const empty = { success: true as const, list: [], limit: GEO_PAGE_SIZE, page: req.query.page, total: 0 };
      if (!locality) return empty;
      const { list, total } = await searchStreets(db(), locality.id, req.params.street, req.query.page);
      return { ...empty, list, total };
    },
  );

  r.get(
    '/api/search/postal-code-reverse/:country/:postalCode',
    {
      schema: {
        tags: ['search'],
        params: z.object({ country, postalCode: z.string().regex(POSTAL_CODE_PATTERN, messages.address.postalCodeInvalid) }),
        response: { 200: ZPostalCodeReverseResponse },
      },
    },
    async (req) => {
      const found = await findByPostalCode(db(), req.params.postalCode);
      if (!found) throw notFound(messages.address.postalCodeInvalid);
      return {
        success: true as const,
        locality: toLocality(found.locality),
        countyCode: found.locality.county_code,
        street: found.streets.map((name) => ({ name })),
      };
    },
  );

  r.get(
    '/api/search/postal-code/:country/:city/:countyCode/:street',
    {
      schema: {
        tags: ['search'],
        params: z.object({ country, city: searchText, countyCode, street: z.string().trim().max(GEO_SEARCH_MAX_LENGTH) }),
        querystring: z.object({ validateStreet: z.coerce.number().int().optional() }),
        response: { 200: ZPostalCodesResponse },
      },
    },
    async (req) => {
      const locality = await findLocality(db(), req.params.countyCode, req.params.city);
      if (!locality) throw notFound(messages.address.cityInvalid);
      if (locality.postal_code !== '0') {
        return { success: true as const, codes: [{ code: locality.postal_code, street: '', numbers: '' }] };
      }
      const rows = await streetCodes(db(), locality.id, req.params.street);
      if (rows.length === 0 && req.query.validateStreet === 2) throw notFound(messages.address.streetInvalid);
      return { success: true as const, codes: rows.map((s) => ({ code: s.postal_code, street: s.full_name, numbers: s.numbers })) };
    },
  );

  r.post(
    '/api/search/validate-phone',
    { schema: { tags: ['search'], body: ZValidatePhoneRequest, response: { 200: ZValidatePhoneResponse } } },
    async (req) => {
      const { phone, countryCode: cc } = req.body;
      const valid = isValidPhone(phone, cc);
      return { success: true as const, valid, phone: valid ? normalisePhone(phone, cc) : phone };
    },
  );
}
