import { messages, type TCompanyLookupResponse } from '@colete/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanyCheck, RegisteredAddress } from '../../integrations/company-check/company-check.js';
import { AppError } from '../../lib/errors.js';
import type { Database, Executor } from '../../db/client.js';
import { sharedWindowLimiter } from '../../lib/rate-limit.js';
import type { AddressCorrector } from '../geo/index.js';

const b = messages.billing;
const TRADE_REGISTER = /^(?:[JFC]\d{1,2}\/\d{1,7}\/\d{4}|J\d{13})$/;
/** Look-ups a client may make in a minute: the register is shared (one call a second for the whole platform). */
export const LOOKUPS_PER_MINUTE = 10;

/** How the register names a locality ('Mun. Cluj-Napoca', 'Sector 1 Mun. București', 'Sat X Com. Y') as the nomenclature does. */
export function registerLocality(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const sector = t.match(/^sector(?:ul)?\s*([1-6])\b/i);
  if (sector) return `Sectorul ${sector[1]}`;
  const village = t.match(/^sat(?:ul)?\.?\s+(.+?)\s+com(?:\.|una)\s*(.+)$/i);
  if (village) return `${village[1]!.trim()} (${village[2]!.trim()})`;
  return t.replace(/^(mun\.?|municipiul|ora[sşș](ul)?\.?|com\.?|comuna|sat(ul)?\.?)\s+/i, '').trim();
}

/** A per-client window of look-ups, counted across instances (a limit of courtesy: the register's own limit is the adapter's). */
export const lookupLimiter = (db: Executor, max = LOOKUPS_PER_MINUTE, windowMs = 60_000, now = () => Date.now()) =>
  sharedWindowLimiter(db, 'company-lookup', max, windowMs, b.lookupTooMany, now);

/**
 * The add dialog's look-up: what the register holds for a CUI, with its registered office placed in
 * the nomenclature (county, locality, postal code, street) by the address correction the store
 * integration uses. A part that cannot be placed stays empty for the user to fill in.
 */
export function companyLookupService(deps: { database: Database; companyCheck: CompanyCheck; corrector: AddressCorrector; log?: Pick<FastifyBaseLogger, 'warn'>; limit?: (clientId: number) => Promise<void> }) {
  const correction = deps.corrector;
  const limit = deps.limit ?? lookupLimiter(deps.database.db);

  async function placeOffice(office: RegisteredAddress): Promise<TCompanyLookupResponse['company']['address']> {
    const { internalAddress: a, errors } = await correction.correct({
      province: office.county,
      city: registerLocality(office.locality),
      zip: office.postalCode,
      address1: [office.street, office.number].filter(Boolean).join(' '),
    });
    const placed = !errors.some((e) => e.type === 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR') && !!a.city;
    const streetKnown = !errors.some((e) => e.type === 'STREET_ERROR');
    const address = {
      countyCode: a.countyCode,
      city: placed ? a.city : '',
      postalCode: placed ? a.postalCode : '',
      street: placed && streetKnown ? a.street : '',
      number: a.number || office.number,
    };
    return { ...address, complete: !!(address.countyCode && address.city && address.postalCode && streetKnown) };
  }

  return async (clientId: number, cui: string): Promise<TCompanyLookupResponse['company']> => {
    await limit(clientId);
    let answer;
    try {
      answer = await deps.companyCheck.lookup(cui);
    } catch (err) {
      deps.log?.warn({ err }, 'company look-up failed');
      throw new AppError(503, b.lookupUnavailable, 'lookupUnavailable');
    }
    if (!answer.found) throw new AppError(404, b.lookupNotFound(cui), 'lookupNotFound');
    return {
      identificationCode: cui,
      name: answer.name,
      // Only a number the form accepts (the register also holds '-' or older forms for some entities).
      tradeRegister: answer.tradeRegister && TRADE_REGISTER.test(answer.tradeRegister.toUpperCase()) ? answer.tradeRegister.toUpperCase() : null,
      isVatPayer: answer.vatPayer,
      active: answer.active,
      address: answer.address ? await placeOffice(answer.address) : null,
    };
  };
}
