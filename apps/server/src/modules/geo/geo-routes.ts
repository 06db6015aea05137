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
import type { GeoService } from './geo-service.js';

const countyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{1,2}$/, messages.address.countyInvalid)
  .transform((c) => c.toUpperCase());
const searchText = z.string().trim().min(1).max(GEO_SEARCH_MAX_LENGTH);
const country = z.literal('RO').or(z.literal('ro')).or(z.literal('Ro'));

/** The public nomenclature calls (spec 001 section 7): used signed in and on the public return page. */
export const geoRoutes = (service: GeoService) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/search/counties/ro', { schema: { tags: ['search'], response: { 200: ZCountiesResponse } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { success: true as const, list: await service.counties() };
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
      const { list, total } = await service.localities(req.params.countyCode, req.params.city, req.query.page);
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
      const { countyCode, city, street } = req.params;
      const { list, total } = await service.streets(countyCode, city, street, req.query.page);
      return { success: true as const, list, limit: GEO_PAGE_SIZE, page: req.query.page, total };
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
      return { success: true as const, ...(await service.postalCodeReverse(req.params.postalCode)) };
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
      const { countyCode, city, street } = req.params;
      return { success: true as const, codes: await service.postalCodes(countyCode, city, street, req.query.validateStreet) };
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
};
