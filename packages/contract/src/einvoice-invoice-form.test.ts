import { describe, expect, it } from 'vitest';
import { invoiceFormTotals, invoiceLineNetBani, ZInvoiceFormRequest } from './einvoice-invoice-form.js';

const buyer = { type: 'company', name: 'Demo Logistic SRL', identification: 'RO14399840', address: { street: 'Str. Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'cj' } };
const base = { identificationCode: '15900825', series: 'amc', number: '1', issueDate: '2026-11-27', dueDate: '2026-12-27', buyer, lines: [{ name: 'Masa', vatRate: 21, unitPriceBani: 100 }] };
const errors = (input: object) => {
  const r = ZInvoiceFormRequest.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe("'Trimite factura' request", () => {
  it('takes the defaults (quantity 1, H87, RON, an invoice) and normalises the series and the CUI', () => {
    const r = ZInvoiceFormRequest.parse(base);
    expect(r).toMatchObject({ kind: 'invoice', series: 'AMC', currency: 'RON', buyer: { identification: '14399840', address: { countyCode: 'CJ', country: 'RO' } }, lines: [{ quantity: 1, unitCode: 'H87' }] });
  });

  it('refuses a VAT rate not in force on the invoice date, and takes the old ones before August 2025', () => {
    expect(errors({ ...base, lines: [{ name: 'Masa', vatRate: 19, unitPriceBani: 100 }] })).toEqual({ 'lines.0.vatRate': 'Cota de TVA nu este in vigoare la data facturii.' });
    expect(errors({ ...base, issueDate: '2025-07-31', dueDate: '2025-08-31', lines: [{ name: 'Masa', vatRate: 19, unitPriceBani: 100 }] })).toEqual({});
  });

  it('refuses a bad CUI, CNP or foreign VAT id, a Romanian address without its county, and non-integer bani', () => {
    expect(errors({ ...base, buyer: { ...buyer, identification: '14399841' } })).toEqual({ 'buyer.identification': 'CUI-ul clientului nu este valid.' });
    expect(errors({ ...base, buyer: { ...buyer, type: 'individual', identification: '1234567890123' } })).toEqual({ 'buyer.identification': 'CNP-ul clientului nu este valid.' });
    expect(errors({ ...base, buyer: { ...buyer, identification: '123', address: { ...buyer.address, countyCode: '', country: 'DE' } } })).toEqual({ 'buyer.identification': 'Codul de TVA al clientului strain nu este valid (de ex. DE123456789).' });
    expect(errors({ ...base, buyer: { ...buyer, address: { ...buyer.address, countyCode: 'XX' } } })).toEqual({ 'buyer.address.countyCode': 'Alegeti judetul.' });
    expect(errors({ ...base, lines: [{ name: 'Masa', vatRate: 21, unitPriceBani: 1.5, quantity: 0.0001 }] })).toEqual({
      'lines.0.unitPriceBani': 'Pretul este o suma in bani, intreaga, de cel putin 0.',
      'lines.0.quantity': 'Cantitatea trebuie sa fie mai mare decat 0 (cel mult 3 zecimale).',
    });
  });

  it('needs the rate to RON for another currency and the corrected invoice for a credit note', () => {
    expect(errors({ ...base, currency: 'EUR', kind: 'creditNote' })).toEqual({
      exchangeRate: 'Cursul valutar fata de RON este obligatoriu pentru o factura in alta moneda (cel mult 4 zecimale).',
      'creditedInvoice.number': 'Nota de credit trebuie sa indice factura corectata (numar si data).',
    });
  });
});

describe('totals', () => {
  it('a line is quantity x price half up to the ban; VAT per rate on the rate’s net', () => {
    expect(invoiceLineNetBani({ quantity: 1.5, unitPriceBani: 3_333 })).toBe(5_000);
    expect(invoiceLineNetBani({ quantity: 0.1, unitPriceBani: 3 })).toBe(0);
    expect(invoiceFormTotals([{ quantity: 2, unitPriceBani: 45_050, vatRate: 21 }, { quantity: 1.5, unitPriceBani: 3_333, vatRate: 11 }, { quantity: 1, unitPriceBani: 5, vatRate: 21 }])).toEqual({
      rates: [{ vatRate: 21, netBani: 90_105, vatBani: 18_922 }, { vatRate: 11, netBani: 5_000, vatBani: 550 }],
      netBani: 95_105,
      vatBani: 19_472,
      totalBani: 114_577,
    });
  });
});
