import { z } from 'zod';

/*
 * The platform's company as printed on its invoices (the seller). The address is kept twice: the
 * line printed on the PDF (SELLER_ADDRESS, SELLER_COUNTY) and its parts, which the e-invoice needs
 * (CIUS-RO: street, city, postal code and the county as ISO 3166-2:RO; in Bucharest the city is
 * the sector). The defaults are the same demo address.
 */

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
/** '2', 'Sector 2', 'Sectorul 2' -> 2; null when no sector is named. */
export const sectorOf = (city: string) => Number(/^(?:sector(?:ul)?\s*)?([1-6])$/i.exec(city.trim())?.[1]) || null;

export const SELLER_ENV = {
  SELLER_NAME: text(200).default('Colete Online SRL'),
  SELLER_CUI: z.string().regex(/^\d{2,10}$/, 'digits only, without RO').default('45500006'),
  SELLER_TRADE_REGISTER: text(40).default('J40/1234/2012'),
  SELLER_ADDRESS: text(300).default('Str. Fabrica de Glucoza 5, Bucuresti, Sector 2, 020331'),
  SELLER_COUNTY: text(60).default('Bucuresti'),
  SELLER_BANK: text(100).default('Banca Transilvania'),
  SELLER_STREET: text(150).default('Str. Fabrica de Glucoza 5'),
  /** The locality; in Bucharest (SELLER_COUNTY_CODE=B) its sector: 'Sectorul 2'. */
  SELLER_CITY: text(50).default('Sectorul 2'),
  /** The county's code (ISO 3166-2:RO without 'RO-'): B, CJ, IF... */
  SELLER_COUNTY_CODE: z.string().regex(/^[A-Z]{1,2}$/, 'the county code: B, CJ, IF...').default('B'),
  SELLER_POSTAL_CODE: z.string().regex(/^\d{6}$/, 'six digits').default('020331'),
};

type SellerEnv = { [K in keyof typeof SELLER_ENV]: z.infer<(typeof SELLER_ENV)[K]> };
export type SellerConfig = {
  name: string;
  cui: string;
  tradeRegister: string;
  address: string;
  county: string;
  bank: string;
  street: string;
  city: string;
  countyCode: string;
  postalCode: string;
};

/** The problem of a seller address that CIUS-RO refuses (a Bucharest address without its sector), or null. */
export const sellerProblem = (e: Pick<SellerEnv, 'SELLER_CITY' | 'SELLER_COUNTY_CODE'>) =>
  e.SELLER_COUNTY_CODE === 'B' && !sectorOf(e.SELLER_CITY) ? 'in Bucharest (SELLER_COUNTY_CODE=B) the city is the sector: Sectorul 1 to Sectorul 6' : null;

export const sellerOf = (e: SellerEnv): SellerConfig => ({
  name: e.SELLER_NAME,
  cui: e.SELLER_CUI,
  tradeRegister: e.SELLER_TRADE_REGISTER,
  address: e.SELLER_ADDRESS,
  county: e.SELLER_COUNTY,
  bank: e.SELLER_BANK,
  street: e.SELLER_STREET,
  city: e.SELLER_CITY,
  countyCode: e.SELLER_COUNTY_CODE,
  postalCode: e.SELLER_POSTAL_CODE,
});
