import { einvoiceFormMessages, isValidCui, type TCompanyLookupResponse, type TInvoiceFormRequest } from '@colete/contract';
import { EMPTY_ADDRESS, type AddressFormValues } from '../../../components/address-form/address-values';

/*
 * 'Trimite factura' as typed (issue 26): the form's texts, the rules that move one field when
 * another changes (the due date follows the issue date), and the request built from them for the
 * contract's schema, which checks it here and again on the server.
 */

/** The invoice's own fields; days as 'YYYY-MM-DD' (the date field shows them dd.mm.yyyy). */
export type HeaderDraft = {
  company: string;
  kind: 'invoice' | 'creditNote';
  series: string;
  number: string;
  issueDate: string;
  dueDate: string;
  /** The user chose the due date: it no longer follows the issue date. */
  dueChosen: boolean;
  currency: string;
  exchangeRate: string;
  creditedNumber: string;
  creditedDate: string;
};

/** The customer; a Romanian address lives in the shared address fields' form, a foreign one here as typed. */
export type CustomerDraft = {
  type: 'company' | 'individual';
  name: string;
  identification: string;
  country: string;
  street: string;
  city: string;
  postalCode: string;
};

/**
 * A customer to fill the form with, whoever found it: the register's look-up by CUI today, the
 * saved customers' picker with issue 27. A Romanian address in the nomenclature's parts.
 */
export type CustomerPick = Pick<CustomerDraft, 'type' | 'name' | 'identification' | 'country'> & { address: Partial<AddressFormValues> };

/** A line as typed: the price in the currency's units as text, turned into integer bani on submit. */
export type LineDraft = { name: string; quantity: string; unitCode: string; vatRate: number; price: string };
export const emptyLine = (vatRate: number): LineDraft => ({ name: '', quantity: '1', unitCode: 'H87', vatRate, price: '' });

/** '12,5' or '12.50' -> 1250 bani; NaN when it is not an amount with at most two decimals. */
export const baniOf = (amount: string) => (/^\d+([.,]\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount.trim().replace(',', '.')) * 100) : Number.NaN);
export const quantityOf = (q: string) => Number(q.trim().replace(',', '.'));

/** The same day a month later (the last day of a shorter month): the default due date. */
export function monthAfter(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export const emptyHeader = (today: string): HeaderDraft => ({
  company: '',
  kind: 'invoice',
  series: '',
  number: '',
  issueDate: today,
  dueDate: monthAfter(today),
  dueChosen: false,
  currency: 'RON',
  exchangeRate: '',
  creditedNumber: '',
  creditedDate: '',
});
export const EMPTY_CUSTOMER: CustomerDraft = { type: 'company', name: '', identification: '', country: 'RO', street: '', city: '', postalCode: '' };

/** A new issue date: the due date a month after it, until the user chose one. */
export const withIssueDate = (h: HeaderDraft, issueDate: string): HeaderDraft => ({ ...h, issueDate, dueDate: h.dueChosen ? h.dueDate : monthAfter(issueDate) });
export const withDueDate = (h: HeaderDraft, dueDate: string): HeaderDraft => ({ ...h, dueDate, dueChosen: true });

/** Said beside the due date as soon as it is before the issue date (the contract's rule, its message). */
export const dueDateProblem = (h: Pick<HeaderDraft, 'issueDate' | 'dueDate'>) =>
  h.issueDate && h.dueDate && h.dueDate < h.issueDate ? einvoiceFormMessages.dueBeforeIssue : undefined;

export const isRomanian = (c: Pick<CustomerDraft, 'country'>) => c.country.trim().toUpperCase() === 'RO';

/** The address fields' street, number and other details as the invoice's one street line (BT-50). */
export function streetLine(a: Pick<AddressFormValues, 'street' | 'number' | 'additionalInfo'>) {
  const street = a.street.trim();
  const number = a.number.trim();
  const line = street && number ? `${street} ${number}` : street || (number ? `nr. ${number}` : '');
  const more = a.additionalInfo.trim();
  return line && more ? `${line}, ${more}` : line || more;
}

/** The buyer's address as the contract takes it: in Romania the nomenclature's parts, abroad as typed. */
function buyerAddress(c: CustomerDraft, ro: AddressFormValues): TInvoiceFormRequest['buyer']['address'] {
  const country = c.country.trim().toUpperCase();
  if (country === 'RO') return { street: streetLine(ro), city: ro.city, countyCode: ro.countyCode, postalCode: ro.postalCode, country };
  return { street: c.street, city: c.city, countyCode: '', postalCode: c.postalCode, country };
}

export function requestOf(h: HeaderDraft, c: CustomerDraft, ro: AddressFormValues, lines: LineDraft[]): TInvoiceFormRequest {
  return {
    identificationCode: h.company,
    kind: h.kind,
    series: h.series,
    number: h.number,
    issueDate: h.issueDate,
    dueDate: h.dueDate,
    currency: h.currency as TInvoiceFormRequest['currency'],
    ...(h.currency !== 'RON' ? { exchangeRate: Number(h.exchangeRate.replace(',', '.')) } : {}),
    ...(h.kind === 'creditNote' ? { creditedInvoice: { number: h.creditedNumber, issueDate: h.creditedDate } } : {}),
    buyer: {
      type: c.type,
      name: c.name,
      identification: c.identification,
      // A Romanian company that pays VAT is named by its VAT id, RO and the CUI.
      vatPayer: c.type === 'company' && /^RO/i.test(c.identification.trim()) && isValidCui(c.identification),
      address: buyerAddress(c, ro),
    },
    lines: lines.map((l) => ({ name: l.name, quantity: quantityOf(l.quantity), unitCode: l.unitCode as 'H87', vatRate: l.vatRate, unitPriceBani: baniOf(l.price) })),
  };
}

/** The shared address field that shows a message of the buyer's Romanian address ('buyer.address.city' -> 'city'). */
export function addressFieldOf(path: string): 'countyCode' | 'city' | 'street' | 'postalCode' | undefined {
  const part = /^buyer\.address\.(countyCode|city|street|postalCode)$/.exec(path)?.[1];
  return part as 'countyCode' | 'city' | 'street' | 'postalCode' | undefined;
}

/** The register's company as a customer: named by its VAT id (RO + CUI) when it pays VAT, its office in the nomenclature's parts. */
export function customerOfCompany(company: TCompanyLookupResponse['company']): CustomerPick {
  const a = company.address;
  return {
    type: 'company',
    name: company.name,
    identification: `${company.isVatPayer ? 'RO' : ''}${company.identificationCode}`,
    country: 'RO',
    address: a ? { ...EMPTY_ADDRESS, countyCode: a.countyCode, city: a.city, postalCode: a.postalCode, street: a.street, number: a.number } : { ...EMPTY_ADDRESS },
  };
}

/** A picked customer in the form: its own fields, and its address in the shared address fields (Romania) or as text (abroad). */
export function applyPick(pick: CustomerPick): { customer: CustomerDraft; address: AddressFormValues } {
  const address = { ...EMPTY_ADDRESS, ...pick.address };
  const abroad = pick.country.trim().toUpperCase() !== 'RO';
  return {
    customer: {
      type: pick.type,
      name: pick.name,
      identification: pick.identification,
      country: pick.country,
      street: abroad ? streetLine(address) : '',
      city: abroad ? address.city : '',
      postalCode: abroad ? address.postalCode : '',
    },
    address: abroad ? { ...EMPTY_ADDRESS } : address,
  };
}
