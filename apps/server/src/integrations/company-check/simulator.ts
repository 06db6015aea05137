import type { CompanyCheck, CompanyLookup } from './company-check.js';

/**
 * The simulator's register: made-up companies under CUIs whose check digit is valid, so the
 * demo and the tests can reach every answer (found and active, found but deregistered, and a
 * valid CUI that is not registered, e.g. 68596620).
 */
export const DEMO_COMPANIES: Readonly<Record<string, Omit<Extract<CompanyLookup, { found: true }>, 'found'>>> = {
  '14399840': { name: 'Demo Logistic SRL', active: true, vatPayer: true, tradeRegister: 'J12/1234/2010' },
  '4221306': { name: 'Transport Rapid SA', active: true, vatPayer: true, tradeRegister: 'J40/5678/1993' },
  '12345674': { name: 'Exemplu Comert SRL', active: true, vatPayer: false, tradeRegister: 'J35/910/2001' },
  '15900825': { name: 'Atelier Mobila Cluj SRL', active: true, vatPayer: true, tradeRegister: 'J12/2468/2003' },
  '18375224': { name: 'Carti si Colete SRL', active: true, vatPayer: false, tradeRegister: 'J22/1357/2006' },
  '30272090': { name: 'Gradina Verde SRL', active: true, vatPayer: false, tradeRegister: 'J04/321/2012' },
  // Struck off the register ('radiata'): found, but no invoices may be made out to it.
  '28164640': { name: 'Vechi Distributie SRL', active: false, vatPayer: false, tradeRegister: 'J08/4444/2011' },
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
