import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY, PHONE_MAX_LENGTH } from '../constants.js';

/** Only '+' and digits, at most 15 characters (spec 001 section 5). */
export const PHONE_CHARS = /^\+?[0-9]+$/;

export function isValidPhone(phone: string, country: string = DEFAULT_COUNTRY): boolean {
  if (phone.length === 0 || phone.length > PHONE_MAX_LENGTH || !PHONE_CHARS.test(phone)) return false;
  return isValidPhoneNumber(phone, country as CountryCode);
}

/** The E.164 form (+40...) of a valid phone, for storage. */
export function normalisePhone(phone: string, country: string = DEFAULT_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed ? parsed.number : phone;
}
