import { z } from './zod.js';
import { ZPageNumber, zPageLimit } from './common/pagination.js';
import { addressMessages } from './messages/address.js';
import { authMessages } from './messages/auth.js';
import { commonMessages } from './messages/common.js';
import { isValidPhone } from './rules/phone.js';
import { POSTAL_CODE_PATTERN } from './geo.js';
import { ZPartyAddress } from './party-address.js';

/** Address-book type 10: used as a pick-up point, locked. */
export const ADDRESS_TYPE_LOCKED = 10;
export const ADDRESS_TYPE_DEFAULT = 1;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const ADDRESS_PAGE_SIZE = 20;
/** The address-book pickers ask for the whole book at once. */
export const ADDRESS_MAX_LIMIT = 500;

const m = addressMessages;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, commonMessages.fieldInvalid)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** The address part shared by every form that takes a Romanian address. */
export const ZAddressFields = z.object({
  countyCode: z.string().trim().min(1, m.countyRequired).max(3, m.countyRequired),
  city: z.string().trim().min(1, m.cityRequired).max(100, m.cityInvalid),
  postalCode: z.string().trim().min(1, m.postalCodeRequired).regex(POSTAL_CODE_PATTERN, m.postalCodeInvalid),
  street: optionalText(150),
  number: z.string().trim().min(1, commonMessages.fieldRequired).max(20, commonMessages.fieldInvalid),
  block: optionalText(20),
  entrance: optionalText(20),
  intercom: optionalText(20),
  floor: optionalText(10),
  apartment: optionalText(20),
  additionalInfo: optionalText(200),
});
export type TAddressFields = z.infer<typeof ZAddressFields>;

const phone = z.string().trim().min(1, commonMessages.fieldRequired).refine((p) => isValidPhone(p), commonMessages.fieldInvalid);

/** An address-book entry as the form sends it. */
export const ZAddressInput = ZAddressFields.extend({
  shortName: z.string().trim().min(1, m.shortNameRequired).max(60, commonMessages.fieldInvalid),
  contactCompany: optionalText(100),
  contactName: z.string().trim().min(1, m.contactNameRequired).max(100, commonMessages.fieldInvalid),
  contactPhone: phone,
  contactPhone2: z
    .string()
    .trim()
    .optional()
    .nullable()
    .refine((p) => !p || isValidPhone(p), commonMessages.fieldInvalid)
    .transform((v) => (v ? v : null)),
  contactEmail: z
    .string()
    .trim()
    .optional()
    .nullable()
    .refine((e) => !e || z.email().safeParse(e).success, authMessages.emailInvalid)
    .transform((v) => (v ? v.toLowerCase() : null)),
});
export type TAddressInput = z.input<typeof ZAddressInput>;
export type TAddressInputParsed = z.output<typeof ZAddressInput>;

/** An address-book entry as the server answers it (spec 000/001 section 3 names). */
export const ZAddressEntry = z.object({
  id: z.number().int(),
  shortName: z.string(),
  // The party address shape, with the country as the specification's object instead of its code.
  ...ZPartyAddress.omit({ addressCountryCode: true }).shape,
  addressCountry: z.object({ code: z.string(), nameRo: z.string() }),
  type: z.number().int(),
  fullAddress: z.string(),
});
export type TAddressEntry = z.infer<typeof ZAddressEntry>;

export const ZAddressListRequest = z
  .object({
    search: z.string().trim().max(100).optional(),
    page: ZPageNumber.optional(),
    limit: zPageLimit(ADDRESS_MAX_LIMIT).optional(),
  })
  .nullish();
export const ZAddressListResponse = z.object({
  success: z.literal(true),
  addresses: z.array(ZAddressEntry),
  count: z.number().int(),
});
export type TAddressListResponse = z.infer<typeof ZAddressListResponse>;

export const ZAddressResponse = z.object({ success: z.literal(true), message: z.string().optional(), address: ZAddressEntry });
export type TAddressResponse = z.infer<typeof ZAddressResponse>;
export const ZAddressIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
