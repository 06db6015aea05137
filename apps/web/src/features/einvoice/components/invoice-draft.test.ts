import { ZInvoiceFormRequest } from '@colete/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '../../../components/address-form/address-values';
import { addressFieldOf, applyPick, customerOfCompany, dueDateProblem, EMPTY_CUSTOMER, emptyHeader, monthAfter, requestOf, streetLine, withDueDate, withIssueDate } from './invoice-draft';

describe("'Trimite factura' dates", () => {
  it('puts the due date a month after the issue date, on the last day of a shorter month', () => {
    expect(monthAfter('2026-11-27')).toBe('2026-12-27');
    expect(monthAfter('2027-01-31')).toBe('2027-02-28');
    expect(monthAfter('2026-12-15')).toBe('2027-01-15');
    expect(emptyHeader('2028-01-30')).toMatchObject({ issueDate: '2028-01-30', dueDate: '2028-02-29', dueChosen: false });
  });

  it('moves the due date with the issue date until the user chooses one', () => {
    const moved = withIssueDate(emptyHeader('2026-11-27'), '2027-01-15');
    expect(moved).toMatchObject({ issueDate: '2027-01-15', dueDate: '2027-02-15' });
    const chosen = withDueDate(moved, '2027-03-01');
    expect(withIssueDate(chosen, '2027-01-20')).toMatchObject({ issueDate: '2027-01-20', dueDate: '2027-03-01', dueChosen: true });
  });

  it('says a due date before the issue date in the contract’s words, and nothing on the same day', () => {
    expect(dueDateProblem({ issueDate: '2027-01-15', dueDate: '2027-01-14' })).toBe('Data scadentei nu poate fi inainte de data facturii.');
    expect(dueDateProblem({ issueDate: '2027-01-15', dueDate: '2027-01-15' })).toBeUndefined();
  });
});

describe("'Trimite factura' customer", () => {
  const office = { countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120', complete: true };

  it('takes a company from the register: its VAT id when it pays VAT, its office in the address fields', () => {
    const pick = customerOfCompany({ identificationCode: '4221306', name: 'Transport Rapid SA', tradeRegister: 'J40/5678/1993', isVatPayer: true, active: true, address: office });
    expect(pick).toEqual({ type: 'company', name: 'Transport Rapid SA', identification: 'RO4221306', country: 'RO', address: { ...EMPTY_ADDRESS, countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' } });
    expect(customerOfCompany({ identificationCode: '30272090', name: 'Gradina Verde SRL', tradeRegister: null, isVatPayer: false, active: true, address: null })).toMatchObject({ identification: '30272090', address: EMPTY_ADDRESS });
    expect(applyPick(pick).customer).toEqual({ ...EMPTY_CUSTOMER, name: 'Transport Rapid SA', identification: 'RO4221306' });
  });

  it('writes a foreign pick’s address as typed text', () => {
    const filled = applyPick({ type: 'company', name: 'Berlin GmbH', identification: 'DE123456789', country: 'DE', address: { street: 'Hauptstrasse', number: '5', city: 'Berlin', postalCode: '10115' } });
    expect(filled).toEqual({ customer: { type: 'company', name: 'Berlin GmbH', identification: 'DE123456789', country: 'DE', street: 'Hauptstrasse 5', city: 'Berlin', postalCode: '10115' }, address: EMPTY_ADDRESS });
  });

  it('joins street, number and other details into one street line', () => {
    expect(streetLine({ street: 'Calea Victoriei', number: '120', additionalInfo: '' })).toBe('Calea Victoriei 120');
    expect(streetLine({ street: '', number: '1', additionalInfo: '' })).toBe('nr. 1');
    expect(streetLine({ street: 'Str. Lunga', number: '10', additionalInfo: 'bl. A, ap. 3' })).toBe('Str. Lunga 10, bl. A, ap. 3');
    expect(streetLine({ street: ' ', number: '', additionalInfo: '' })).toBe('');
  });

  it('builds a request the contract takes: a Romanian address from the address fields, a VAT payer by its RO code', () => {
    const header = { ...emptyHeader('2026-11-27'), company: '14399840', series: 'dl', number: '7' };
    const ro = { ...EMPTY_ADDRESS, countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' };
    const customer = { ...EMPTY_CUSTOMER, name: 'Transport Rapid SA', identification: 'RO4221306' };
    const request = requestOf(header, customer, ro, [{ name: 'Ambalare', quantity: '2', unitCode: 'H87', vatRate: 21, price: '150,5' }]);
    expect(request.buyer).toEqual({ type: 'company', name: 'Transport Rapid SA', identification: 'RO4221306', vatPayer: true, address: { street: 'Calea Victoriei 120', city: 'Sectorul 1', countyCode: 'B', postalCode: '010093', country: 'RO' } });
    expect(request.lines).toEqual([{ name: 'Ambalare', quantity: 2, unitCode: 'H87', vatRate: 21, unitPriceBani: 15_050 }]);
    expect(ZInvoiceFormRequest.safeParse(request).success).toBe(true);
    // Abroad the typed fields, without a county.
    const abroad = requestOf(header, { ...customer, identification: 'DE123456789', country: 'de', street: 'Hauptstrasse 5', city: 'Berlin' }, ro, []);
    expect(abroad.buyer.address).toEqual({ street: 'Hauptstrasse 5', city: 'Berlin', countyCode: '', postalCode: '', country: 'DE' });
  });

  it('places a Romanian address’s messages on the shared address fields', () => {
    expect(['buyer.address.countyCode', 'buyer.address.city', 'buyer.address.street', 'buyer.address.postalCode', 'buyer.address.country', 'buyer.name'].map(addressFieldOf)).toEqual([
      'countyCode',
      'city',
      'street',
      'postalCode',
      undefined,
      undefined,
    ]);
  });
});
