import type { CompanyCheck, CompanyLookup, RegisteredAddress } from './company-check.js';

/** A registered office written the way the tax authority's answer writes it (old cedilla letters, 'Mun.', 'Str.'). */
const office = (county: string, locality: string, street: string, number: string, postalCode: string): RegisteredAddress => ({ county, locality, street, number, postalCode, details: '' });

/**
 * The simulator's register: made-up companies under CUIs whose check digit is valid, so the
 * demo and the tests can reach every answer (found and active, found but deregistered, and a
 * valid CUI that is not registered, e.g. 68596620), each with its registered office.
 */
export const DEMO_COMPANIES: Readonly<Record<string, Omit<Extract<CompanyLookup, { found: true }>, 'found'>>> = {
  '14399840': { name: 'Demo Logistic SRL', active: true, vatPayer: true, tradeRegister: 'J12/1234/2010', address: office('CLUJ', 'Mun. Cluj-Napoca', 'Str. Memorandumului', '28', '400114') },
  '4221306': { name: 'Transport Rapid SA', active: true, vatPayer: true, tradeRegister: 'J40/5678/1993', address: office('MUNICIPIUL BUCUREŞTI', 'Sector 1 Mun. Bucureşti', 'Calea Victoriei', '120', '010093') },
  '12345674': { name: 'Exemplu Comert SRL', active: true, vatPayer: false, tradeRegister: 'J35/910/2001', address: office('ARGEŞ', 'Sat Lăzăreşti Com. Schitu Goleşti', '', '1', '117653') },
  '15900825': { name: 'Atelier Mobila Cluj SRL', active: true, vatPayer: true, tradeRegister: 'J12/2468/2003', address: office('CLUJ', 'Mun. Cluj-Napoca', 'Str. Memorandumului', '28', '400114') },
  // An office the nomenclature cannot place (the register's own spelling): the form gets the county only.
  '18375224': { name: 'Carti si Colete SRL', active: true, vatPayer: false, tradeRegister: 'J22/1357/2006', address: office('IAŞI', 'Localitate Necunoscuta', 'Str. Fara Nume', '3', '') },
  '30272090': { name: 'Gradina Verde SRL', active: true, vatPayer: false, tradeRegister: 'J04/321/2012', address: null },
  // Struck off the register ('radiata'): found, but no invoices may be made out to it.
  // The platform's own company (SELLER_CUI's default) and the simulated couriers' companies, whose invoices it receives.
  '45500006': { name: 'Colete Online SRL', active: true, vatPayer: true, tradeRegister: 'J40/1234/2012', address: office('MUNICIPIUL BUCUREŞTI', 'Sector 2 Mun. Bucureşti', 'Str. Fabrica de Glucoza', '5', '020331') },
  '33104270': { name: 'Rapid Carpati Curier SRL', active: true, vatPayer: true, tradeRegister: 'J40/3310/2014', address: office('MUNICIPIUL BUCUREŞTI', 'Sector 6 Mun. Bucureşti', 'Bd. Iuliu Maniu', '7', '061072') },
  '24567810': { name: 'Dunarea Expres SRL', active: true, vatPayer: true, tradeRegister: 'J17/2456/2008', address: office('GALAŢI', 'Mun. Galaţi', 'Str. Brailei', '15', '800310') },
  '38712049': { name: 'Colet24 Logistic SRL', active: true, vatPayer: true, tradeRegister: 'J12/3871/2018', address: office('CLUJ', 'Mun. Cluj-Napoca', 'Str. Fabricii', '2', '400632') },
  '16308555': { name: 'Posta Verde Servicii SRL', active: true, vatPayer: true, tradeRegister: 'J22/1630/2004', address: office('IAŞI', 'Mun. Iaşi', 'Str. Pacurari', '20', '700511') },
  '28164640': { name: 'Vechi Distributie SRL', active: false, vatPayer: false, tradeRegister: 'J08/4444/2011', address: office('BRAŞOV', 'Mun. Braşov', 'Str. Lunga', '10', '500058') },
};

/** Answers from the built-in register, at once and without limits. */
export function simulatedCompanyCheck(): CompanyCheck {
  return {
    name: 'simulator',
    async lookup(cui) {
      const company = DEMO_COMPANIES[cui];
      return company ? { found: true, ...company } : { found: false };
    },
  };
}
